import { blockEnd } from '../code/block-end.js';
import { codeOf, withDecorators, type HandlerCode } from '../code/locate-handler.js';
import { SourceFile } from '../source/source-file.js';
import { SourceSet } from '../source/source-set.js';
import { RESOLVER_PATTERNS, type GraphQLRootField } from './resolver-patterns.js';

export type { GraphQLRootField } from './resolver-patterns.js';

export interface FoundResolver {
  library: string;
  code: HandlerCode;
}

const MAX_RESOLVERS = 5;
const ELIXIR_FILE = /\.exs?$/;

/** `query.books`, `Query.books`, `mutation placeOrder`: a root field; undefined for anything else. */
export function parseGraphQLOperation(text: string): GraphQLRootField | undefined {
  const match = /^\s*(query|mutation|subscription)[.\s]+([_A-Za-z][_0-9A-Za-z]*)\s*$/i.exec(text);
  return match ? { kind: match[1]!.toLowerCase() as GraphQLRootField['kind'], field: match[2]! } : undefined;
}

/**
 * The code that resolves a query's or mutation's root field, read the way each server library
 * declares it (resolver-patterns.ts): a resolver map's key, a NestJS or Spring annotation, a gqlgen
 * method, a Strawberry/Graphene/Ariadne function, an Absinthe field. Elixir files are read with
 * Ruby's rules (`#` comments, `do … end` blocks).
 */
export async function findGraphQLResolver(projectRoot: string, root: GraphQLRootField, signal?: AbortSignal): Promise<FoundResolver[]> {
  const sources = await SourceSet.load(projectRoot, signal);
  const found: FoundResolver[] = [];
  const elixir = sources.allPaths.filter((path) => ELIXIR_FILE.test(path));
  for (const pattern of RESOLVER_PATTERNS) {
    const files =
      pattern.library === 'Absinthe'
        ? await Promise.all(elixir.map(async (path) => new SourceFile(path, (await sources.readText(path)) ?? '', 'ruby')))
        : await sources.files([pattern.language]);
    for (const file of files) {
      const offset = pattern.find(file, root);
      if (offset === undefined) continue;
      found.push({ library: pattern.library, code: codeOf(file, withDecorators(file, file.lineAt(offset)), blockEnd(file, offset)) });
      if (found.length >= MAX_RESOLVERS) return found;
    }
  }
  return found;
}
