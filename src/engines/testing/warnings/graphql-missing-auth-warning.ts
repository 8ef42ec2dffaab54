import { getNamedType, isInterfaceType, isObjectType, type GraphQLNamedType } from 'graphql';
import { readGraphQLAnswer } from '../../graphql/send-graphql.js';
import type { FalconSpec } from '../../spec/spec-format.js';
import { rootFieldOf } from '../graphql/graphql-cases.js';
import { graphqlSchemaOf } from '../graphql/graphql-schema-of.js';
import type { CaseResult, RunWarning } from '../test-run.js';

const AUTH_WORDS = /unauthori[sz]ed|unauthenticated|not (signed|logged) in|authenticat|forbidden|permission|access denied|login required|token/i;
const AUTH_CODES = new Set(['UNAUTHENTICATED', 'UNAUTHORIZED', 'FORBIDDEN']);
/** Levels of fields followed from a returned type to find the types callers must sign in for. */
const REACH_DEPTH = 3;

/**
 * `missing_auth` for GraphQL: each operation is also sent without the run's credentials. Those
 * refused (401/403, or an error saying so) show which types the API keeps for signed-in callers;
 * an operation that answers without them, with no error, whose answer holds one of those types
 * (`order` returns an Order, whose `owner` is the User that `me` refuses to tell) is named: it
 * answers data without the credentials the run was given. Public data (`books`) is left alone.
 */
export function graphqlMissingAuthWarnings(results: readonly CaseResult[], spec: FalconSpec | undefined): RunWarning[] {
  const schema = graphqlSchemaOf(spec);
  if (!schema) return [];
  const probes = results.filter((result) => result.case.graphql?.withoutCredentials && result.response && result.case.operationId);
  const refused = probes.filter((result) => isRefusal(result));
  const guarded = new Map<string, string>();
  for (const result of refused) {
    const root = rootFieldOf({ id: result.case.operationId! }, schema);
    if (root) guarded.set(getNamedType(root.field.type).name, `${root.kind} ${root.field.name}`);
  }
  if (guarded.size === 0) return [];
  return probes.flatMap((result): RunWarning[] => {
    const answer = readGraphQLAnswer(result.response!.body);
    if (result.response!.status >= 300 || !answer?.data || (answer.errors?.length ?? 0) > 0) return [];
    const root = rootFieldOf({ id: result.case.operationId! }, schema);
    if (!root) return [];
    const reached = reachedGuardedType(getNamedType(root.field.type), guarded);
    if (!reached) return [];
    const label = `${root.kind} ${root.field.name}`;
    const headers = result.case.request.withoutCredentials?.headers?.join(', ') ?? 'credentials';
    return [
      {
        kind: 'missing_auth',
        operation: result.case.operationId!,
        message: `${label} answered data without the run's credentials, though its answer holds ${reached.type} data, which ${reached.by} refuses to callers without them`,
        evidence: `sent without the ${headers} header${headers.includes(',') ? 's' : ''}, it answered ${result.response!.status} with data and no error`,
        advice: `make the resolver of ${root.field.name} require a signed-in caller (find_handler ${result.case.operationId} finds it), or say it is public`,
      },
    ];
  });
}

function isRefusal(result: CaseResult): boolean {
  const response = result.response!;
  if (response.status === 401 || response.status === 403) return true;
  const errors = readGraphQLAnswer(response.body)?.errors ?? [];
  return errors.some((error) => AUTH_CODES.has(String(error.extensions?.code)) || AUTH_WORDS.test(error.message));
}

/** The first guarded type the type's fields lead to within REACH_DEPTH levels, itself included. */
function reachedGuardedType(start: GraphQLNamedType, guarded: ReadonlyMap<string, string>): { type: string; by: string } | undefined {
  let level: GraphQLNamedType[] = [start];
  const seen = new Set<string>();
  for (let depth = 0; depth <= REACH_DEPTH && level.length > 0; depth++) {
    const next: GraphQLNamedType[] = [];
    for (const type of level) {
      if (seen.has(type.name)) continue;
      seen.add(type.name);
      const by = guarded.get(type.name);
      if (by) return { type: type.name, by };
      if (isObjectType(type) || isInterfaceType(type)) next.push(...Object.values(type.getFields()).map((field) => getNamedType(field.type)));
    }
    level = next;
  }
  return undefined;
}
