import { detectFramework } from '../../workspace/init/detect-framework.js';
import type { KnownFramework } from '../../workspace/init/framework-signals.js';
import { FRAMEWORKS, isFramework } from '../../workspace/init/frameworks.js';
import type { StoredResponse } from '../http/response-store.js';
import { parseEndpoint } from './endpoint.js';
import { endpointExample } from './endpoint-example.js';
import { writeGoTest } from './go/go-test-file.js';
import { writeSpringTest } from './jvm/spring-test-file.js';
import { writeNodeTest } from './node/node-test-file.js';
import { writeLaravelTest } from './php/laravel-test-file.js';
import { writePythonTest } from './python/python-test-file.js';
import { writeRailsTest } from './ruby/rails-test-file.js';
import { writeRustTest } from './rust/rust-test-file.js';
import { type TestFilePlan, TestPlanError, type TestWriter } from './test-plan.js';

const WRITERS: Record<KnownFramework, TestWriter> = {
  express: writeNodeTest,
  fastify: writeNodeTest,
  nestjs: writeNodeTest,
  koa: writeNodeTest,
  hono: writeNodeTest,
  next: writeNodeTest,
  gin: writeGoTest,
  echo: writeGoTest,
  chi: writeGoTest,
  fiber: writeGoTest,
  fastapi: writePythonTest,
  flask: writePythonTest,
  django: writePythonTest,
  spring: writeSpringTest,
  laravel: writeLaravelTest,
  rails: writeRailsTest,
  actix: writeRustTest,
  axum: writeRustTest,
};

export interface PlanTestInput {
  projectRoot: string;
  /** `GET /users/{id}`. */
  endpoint: string;
  /** The framework asked for, else `.falcon/config.yaml`'s (read by the caller); undefined: detected from the project's files. */
  framework?: string;
  /** This session's responses: a successful one to the endpoint gives the example. */
  responses: readonly StoredResponse[];
  /** The project's BASE_URL (the active environment's), where a test of the running server sends its requests by default. */
  baseUrl?: string;
}

/** Plans a test for one endpoint in the project's own test style; writes nothing. */
export async function planTestFile(input: PlanTestInput): Promise<TestFilePlan & { framework: KnownFramework }> {
  const endpoint = parseEndpoint(input.endpoint);
  const framework = await resolveFramework(input.projectRoot, input.framework);
  const example = endpointExample(endpoint, input.responses);
  const plan = await WRITERS[framework]({
    projectRoot: input.projectRoot,
    framework,
    endpoint,
    example,
    ...(input.baseUrl !== undefined && { baseUrl: input.baseUrl }),
  });
  const notes = example.observed
    ? [`status and body shape from this session's ${example.method} ${example.path} (HTTP ${example.status})`, ...plan.notes]
    : [
        `no response to this endpoint in this session: expects the usual ${example.status}${example.body.kind === 'json' ? ' and a JSON body' : ''}; send the request first for a test with the real body shape`,
        ...plan.notes,
      ];
  if (example.requestBody !== undefined && !example.observed) notes.push('the request body is empty ({}): fill in the fields the endpoint needs');
  return { ...plan, notes, framework };
}

async function resolveFramework(projectRoot: string, given: string | undefined): Promise<KnownFramework> {
  const name = given ?? (await detectFramework(projectRoot)).framework;
  if (isFramework(name) && name !== 'other') return name;
  const known = FRAMEWORKS.filter((framework) => framework !== 'other').join(', ');
  throw new TestPlanError(given ? `unknown framework "${given}"; one of: ${known}` : `cannot tell the project's framework; give framework (one of: ${known})`);
}
