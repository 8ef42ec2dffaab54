import path from 'node:path';
import { DEFAULT_GRAPHQL_PATH } from '../../../engines/graphql/graphql-to-spec.js';
import { checkReachable } from '../../../engines/http/check-reachable.js';
import { chooseBaseUrl } from '../../../engines/testing/choose-base-url.js';
import { joinUrl } from '../../../engines/testing/run/case-http-request.js';
import { loadSpecUnderTest } from '../../../engines/testing/load-test-spec.js';
import { SPEC_FORMAT, type FalconSpec } from '../../../engines/spec/spec-format.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { type GraphQLTarget, loadGraphQLTarget } from './graphql-target.js';
import { ScanUsageError } from './scan-usage-error.js';

/** What a scan is pointed at: a REST API (its spec and base URL) or a GraphQL endpoint. */
export interface ScanTarget {
  /** The REST spec; on a GraphQL target, one with no operation, titled `GraphQL API`. */
  spec: FalconSpec;
  /** Where requests go: the REST base URL, or the GraphQL endpoint itself. */
  baseUrl: string;
  graphql?: GraphQLTarget;
}

export interface ScanTargetOptions {
  projectRoot: string;
  /** An OpenAPI, Swagger or Postman file or URL; default `.falcon/spec.yaml`. */
  spec?: string;
  /** Default: the environment's BASE_URL, else the spec's first server. */
  baseUrl?: string;
  /** A GraphQL endpoint (`{{VAR}}` allowed): the scan probes it with the rules that have GraphQL probes, and no REST API. */
  graphql?: string;
  /** The endpoint's SDL file (relative to the project), when it does not answer introspection. */
  graphqlSchema?: string;
  /** `{{VAR}}` in headers, credentials and the base URL. */
  variables: VariableScope;
}

/**
 * The GraphQL endpoint when one is given (or the spec is a GraphQL schema), else the REST spec and
 * its base URL, once it answers (TargetUnreachableError before anything is sent); a usage error for
 * what the user must give.
 */
export async function scanTarget(options: ScanTargetOptions, headers: Record<string, string>, signal: AbortSignal): Promise<ScanTarget> {
  if (options.graphqlSchema !== undefined && options.graphql === undefined) {
    throw new ScanUsageError('--graphql-schema describes a GraphQL endpoint: give the endpoint too, --graphql URL');
  }
  if (options.graphql !== undefined) {
    const endpoint = await options.variables.resolve(options.graphql);
    await checkReachable([originOf(endpoint)], signal);
    const graphql = await loadGraphQLTarget(
      { endpoint, headers, ...(options.graphqlSchema !== undefined && { schemaFile: path.resolve(options.projectRoot, options.graphqlSchema) }) },
      signal,
    );
    return { spec: endpointSpec(graphql.endpoint), baseUrl: graphql.endpoint, graphql };
  }
  const loaded = await loadSpecUnderTest(options.spec, options.projectRoot, signal);
  if (!loaded) throw new ScanUsageError('no spec: .falcon/spec.yaml is missing — ingest one (falcon spec ingest FILE) or give --spec FILE');
  const { spec } = loaded;
  if (spec.kind === 'graphql' && spec.graphql) {
    // A GraphQL spec (the project's, or --spec schema.graphql): its endpoint, else the base URL and the path its operations are posted to.
    const endpoint =
      options.baseUrl === undefined && spec.graphql.endpoint !== undefined
        ? spec.graphql.endpoint
        : joinUrl((await chooseBaseUrl(options.baseUrl, options.variables, spec)).url, spec.operations[0]?.path ?? DEFAULT_GRAPHQL_PATH);
    await checkReachable([originOf(endpoint)], signal);
    const graphql = await loadGraphQLTarget({ endpoint, sdl: spec.graphql.sdl }, signal);
    return { spec: endpointSpec(graphql.endpoint), baseUrl: graphql.endpoint, graphql };
  }
  const baseUrl = (await chooseBaseUrl(options.baseUrl, options.variables, spec)).url;
  await checkReachable([new URL(baseUrl).origin], signal);
  return { spec, baseUrl };
}

/** The endpoint's origin, or a usage error for text that is no http(s) URL: said before anything is sent. */
function originOf(endpoint: string): string {
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new ScanUsageError(`--graphql ${endpoint}: not an http(s) URL (give the endpoint, http://host/graphql)`);
  return url.origin;
}

/**
 * The spec of a GraphQL scan: no REST operation, so what reads the spec's operations (valid
 * requests, the residue guard's objects) has nothing to do; reports name the endpoint as the target.
 */
function endpointSpec(endpoint: string): FalconSpec {
  return {
    format: SPEC_FORMAT,
    source: endpoint,
    kind: 'openapi',
    specVersion: '',
    ingestedAt: new Date().toISOString(),
    title: 'GraphQL API',
    version: '',
    servers: [{ url: endpoint }],
    securitySchemes: {},
    operations: [],
  };
}
