import type { KnownFramework } from '../../workspace/init/framework-signals.js';
import type { Endpoint } from './endpoint.js';
import type { EndpointExample } from './endpoint-example.js';

/** What a test writer gets: the project, its framework, and the request the test makes. */
export interface TestPlanInput {
  projectRoot: string;
  framework: KnownFramework;
  endpoint: Endpoint;
  example: EndpointExample;
  /** The project's BASE_URL, for a test that calls the running server; undefined when it has none. */
  baseUrl?: string;
}

/** A test file to create, and how it came about. */
export interface TestFilePlan {
  /** Relative to the project root, forward slashes. */
  path: string;
  content: string;
  /** E.g. `vitest + supertest`, `pytest + TestClient`. */
  style: string;
  /** The project's test whose conventions were copied, if one was found. */
  basedOn?: string;
  /** How to run just this test. */
  command: string;
  /** Guesses the user may have to check, e.g. where the app is imported from. */
  notes: string[];
}

export type TestWriter = (input: TestPlanInput) => Promise<TestFilePlan>;

/** No test can be written for this project as it is; the message says what is missing. */
export class TestPlanError extends Error {
  override name = 'TestPlanError';
}
