import type { SourceFile } from '../source/source-file.js';

/** A root field of a GraphQL schema: `query books`, `mutation placeOrder`. */
export interface GraphQLRootField {
  kind: 'query' | 'mutation' | 'subscription';
  field: string;
}

/** Where a library declares a root field's resolver: an offset in the file, and which library's way it is. */
export interface ResolverAt {
  offset: number;
  library: string;
}

/** One way of declaring resolvers, tried on the files of its language. */
export interface ResolverPattern {
  library: string;
  language: SourceFile['language'];
  find(file: SourceFile, root: GraphQLRootField): number | undefined;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const typeName = (root: GraphQLRootField) => `${root.kind[0]!.toUpperCase()}${root.kind.slice(1)}`;
const capitalized = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

function firstIndex(pattern: RegExp, text: string, from = 0, to = text.length): number | undefined {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const search = new RegExp(pattern.source, flags);
  search.lastIndex = from;
  const match = search.exec(text);
  return match && match.index < to ? match.index + (match[0].length - match[0].trimStart().length) : undefined;
}

/**
 * Apollo Server, graphql-yoga, Mercurius and graphql-tools take a resolver map,
 * `{ Query: { books: (parent, args) => … } }`: the field's key inside the root type's object.
 */
const resolverMap: ResolverPattern = {
  library: 'resolver map (Apollo Server, graphql-yoga, Mercurius)',
  language: 'js',
  find(file, root) {
    const opener = new RegExp(`\\b${typeName(root)}\\s*:\\s*\\{`, 'g');
    for (let match = opener.exec(file.code); match; match = opener.exec(file.code)) {
      const open = match.index + match[0].length - 1;
      const close = file.closing(open) ?? file.code.length;
      const key = firstIndex(new RegExp(`(?:^|[\\s,{])(?:async\\s+)?['"]?${escape(root.field)}['"]?\\s*(?:\\(|:)`), file.code, open + 1, close);
      if (key !== undefined) return key;
    }
    return undefined;
  },
};

/** NestJS: `@Query(() => [Book]) books(…)`, or `@Query(() => [Book], { name: 'books' }) list(…)`. */
const nestDecorator: ResolverPattern = {
  library: 'NestJS GraphQL',
  language: 'js',
  find(file, root) {
    const decorator = new RegExp(`@${typeName(root)}\\s*\\(`, 'g');
    for (let match = decorator.exec(file.code); match; match = decorator.exec(file.code)) {
      const close = file.closing(match.index + match[0].length - 1) ?? match.index;
      const argumentsText = file.text.slice(match.index, close);
      const method = /^\s*(?:public\s+|async\s+)*(\w+)\s*\(/.exec(file.code.slice(close + 1));
      const named = new RegExp(`name\\s*:\\s*['"\`]${escape(root.field)}['"\`]`).test(argumentsText);
      if (named || (method?.[1] === root.field && !/name\s*:/.test(argumentsText))) return match.index;
    }
    return undefined;
  },
};

/** Spring for GraphQL: `@QueryMapping books(…)`, `@QueryMapping("books")`, `@SchemaMapping(typeName = "Query", field = "books")`. */
const springMapping: ResolverPattern = {
  library: 'Spring for GraphQL (graphql-java)',
  language: 'java',
  find(file, root) {
    const field = escape(root.field);
    const type = typeName(root);
    const named = firstIndex(
      new RegExp(
        `@${type}Mapping\\s*\\(\\s*(?:name\\s*=\\s*|value\\s*=\\s*)?"${field}"|@SchemaMapping\\s*\\((?=[^)]*typeName\\s*=\\s*"${type}")(?=[^)]*field\\s*=\\s*"${field}")`,
      ),
      file.text,
    );
    if (named !== undefined) return named;
    return firstIndex(
      new RegExp(`@${type}Mapping(?:\\s*\\(\\s*\\))?\\s+(?:public\\s+|private\\s+|protected\\s+)?[\\w<>,\\[\\]\\s?]+?\\s+${field}\\s*\\(`),
      file.code,
    );
  },
};

/** gqlgen: `func (r *queryResolver) Books(ctx context.Context, …)`. */
const gqlgen: ResolverPattern = {
  library: 'gqlgen',
  language: 'go',
  find: (file, root) => firstIndex(new RegExp(`func\\s*\\(\\s*\\w+\\s+\\*${root.kind}Resolver\\s*\\)\\s*${escape(capitalized(root.field))}\\s*\\(`), file.code),
};

/** Strawberry: a `def books(` in `class Query` (decorated `@strawberry.field`); Graphene: `def resolve_books(`; Ariadne: `@query.field("books")`. */
const python: ResolverPattern = {
  library: 'Strawberry, Graphene or Ariadne',
  language: 'python',
  find(file, root) {
    const field = escape(root.field);
    const ariadne = firstIndex(new RegExp(`@${root.kind}\\.field\\(\\s*['"]${field}['"]`), file.text);
    if (ariadne !== undefined) return ariadne;
    const graphene = firstIndex(new RegExp(`\\bdef\\s+resolve_${field}\\s*\\(`), file.code);
    if (graphene !== undefined) return graphene;
    const inClass = firstIndex(new RegExp(`^class\\s+${typeName(root)}\\b`, 'm'), file.code);
    if (inClass === undefined) return undefined;
    return firstIndex(new RegExp(`\\bdef\\s+${field}\\s*\\(|^\\s+${field}\\s*(?::[^=\\n]*)?=\\s*strawberry\\.(?:field|mutation)\\(`, 'm'), file.code, inClass);
  },
};

/** Absinthe: `field :books, list_of(:book) do … resolve &Resolvers.list_books/3 end` inside `query do` or `mutation do`. */
const absinthe: ResolverPattern = {
  library: 'Absinthe',
  language: 'ruby',
  find(file, root) {
    const block = firstIndex(new RegExp(`^\\s*${root.kind}\\s+do\\b`, 'm'), file.code);
    if (block === undefined) return undefined;
    return firstIndex(new RegExp(`\\bfield\\s+:${escape(root.field)}\\b`), file.code, block);
  },
};

export const RESOLVER_PATTERNS: readonly ResolverPattern[] = [resolverMap, nestDecorator, springMapping, gqlgen, python, absinthe];
