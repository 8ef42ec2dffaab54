import { getNamedType, isEnumType, type GraphQLArgument, type GraphQLField, type GraphQLSchema } from 'graphql';
import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { CaseIds } from '../generate/case-ids.js';
import { SeededRandom } from '../generate/seeded-random.js';
import { DEFAULT_FUZZ_BUDGET, STRATEGIES, type GenerateOptions } from '../generate/strategies.js';
import type { CaseKind, CaseRequest, GraphQLCaseFacts, TestCase } from '../test-case.js';
import { operationDocument, type GraphQLDocument } from './graphql-document.js';
import { invalidVariables } from './graphql-invalid-values.js';
import { graphqlSchemaOf } from './graphql-schema-of.js';
import { describeVariables, validValue, validVariables, type GraphQLVariables } from './graphql-values.js';

/** A string argument's long value in a boundary case: past the column sizes and limits servers forget to check. */
export const LONG_STRING_LENGTH = 1000;
const MAX_ENUM_VARIANTS = 25;
const MAX_SEED = 0x7fffffff;
const ACCEPT = 'application/graphql-response+json, application/json';

export interface GraphQLCaseOptions extends Pick<GenerateOptions, 'strategies' | 'seed' | 'fuzzBudget'> {
  /** The names of the headers that carry the run's credentials: with any, each operation is also sent without them. */
  credentialHeaders?: readonly string[];
}

/**
 * The cases of a GraphQL spec's queries and mutations, each a POST of one operation whose
 * selection asks every field to a bounded depth (graphql-document.ts): valid variables (every
 * argument, only the required ones, each other value of an enum argument), a long string per
 * string argument (boundary), invalid variables the schema refuses (negative), a fuzz case drawing
 * variables with fast-check, and, when the run has credentials, the operation sent without them.
 */
export function generateGraphQLCases(spec: FalconSpec, operations: readonly SpecOperation[], options: GraphQLCaseOptions = {}): TestCase[] {
  const schema = graphqlSchemaOf(spec);
  if (!schema) return [];
  const strategies = new Set(options.strategies ?? STRATEGIES);
  const runs = options.fuzzBudget ?? DEFAULT_FUZZ_BUDGET;
  const random = new SeededRandom(options.seed ?? 1);
  const ids = new CaseIds();
  const cases: TestCase[] = [];
  for (const operation of operations) {
    const root = rootFieldOf(operation, schema);
    if (!root) continue;
    const document = operationDocument(root.kind, root.field, schema);
    const make = (kind: CaseKind, slug: string, words: string, variables: GraphQLVariables, extra: Partial<TestCase> = {}): TestCase => ({
      id: ids.next(operation.id, kind, slug),
      name: `${root.kind} ${root.field.name} ${words}`,
      kind,
      operationId: operation.id,
      tags: [...operation.tags],
      request: graphqlRequest(operation.path, document, variables),
      graphql: { kind: root.kind, field: root.field.name },
      ...extra,
    });
    const args = root.field.args;
    const all = validVariables(args, true);
    const required = validVariables(args, false);
    const shown = (variables: GraphQLVariables) => (Object.keys(variables).length > 0 ? `(${describeVariables(variables)})` : 'with no arguments');
    if (strategies.has('happy')) {
      cases.push(make('happy', 'valid', shown(all), all));
      if (Object.keys(required).length !== Object.keys(all).length) {
        const words = Object.keys(required).length > 0 ? `${shown(required)}, only its required arguments` : 'with no arguments, its defaults';
        cases.push(make('happy', 'required-only', words, required));
      }
      for (const variables of enumVariants(args, all)) cases.push(make('happy', `variant-${describeVariables(variables)}`, shown(variables), variables));
    }
    if (strategies.has('boundary')) {
      for (const argument of args.filter((one) => getNamedType(one.type).name === 'String')) {
        const variables = { ...all, [argument.name]: 'a'.repeat(LONG_STRING_LENGTH) };
        cases.push(
          make('boundary', `${argument.name}-long`, `with a ${argument.name} of ${LONG_STRING_LENGTH} characters`, variables, {
            mutation: `${argument.name} of ${LONG_STRING_LENGTH} characters`,
          }),
        );
      }
    }
    if (strategies.has('negative')) {
      for (const change of invalidVariables(args, all)) {
        cases.push(make('negative', change.slug, `with ${change.mutation}`, change.variables, { mutation: change.mutation, expectRejection: true }));
      }
    }
    if (strategies.has('fuzz') && args.length > 0) {
      cases.push(
        make('fuzz', 'inputs', `with ${runs} fuzzed input${runs === 1 ? '' : 's'}`, all, {
          fuzz: { runs, seed: random.fork(`fuzz ${operation.id}`).int(0, MAX_SEED) },
        }),
      );
    }
    if (options.credentialHeaders && options.credentialHeaders.length > 0) {
      const probe = make('probe', 'without-credentials', `${shown(all)} without the run's credentials`, all);
      probe.request.withoutCredentials = { headers: [...options.credentialHeaders] };
      probe.graphql = { ...(probe.graphql as GraphQLCaseFacts), withoutCredentials: true };
      cases.push(probe);
    }
  }
  return cases;
}

/** The request of a case: the operation and its variables posted as JSON. */
export function graphqlRequest(path: string, document: GraphQLDocument, variables: GraphQLVariables): CaseRequest {
  return { method: 'POST', path, headers: { accept: ACCEPT }, body: { query: document.query, operationName: document.operationName, variables } };
}

/** The root field a spec operation `query.books` stands for; undefined for a subscription or a field the schema lacks. */
export function rootFieldOf(
  operation: Pick<SpecOperation, 'id'>,
  schema: GraphQLSchema,
): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> } | undefined {
  const match = /^(query|mutation)\.(.+)$/.exec(operation.id);
  if (!match) return undefined;
  const kind = match[1] as 'query' | 'mutation';
  const type = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  const field = type?.getFields()[match[2]!];
  return field ? { kind, field } : undefined;
}

/** The valid variables with each other value of each enum argument, one change at a time. */
function enumVariants(args: readonly GraphQLArgument[], all: GraphQLVariables): GraphQLVariables[] {
  return args.flatMap((argument) => {
    const named = getNamedType(argument.type);
    if (!isEnumType(named) || Array.isArray(validValue(argument.type))) return [];
    const first = all[argument.name];
    return named
      .getValues()
      .slice(0, MAX_ENUM_VARIANTS)
      .filter((value) => value.value !== first)
      .map((value) => ({ ...all, [argument.name]: value.value as unknown }));
  });
}
