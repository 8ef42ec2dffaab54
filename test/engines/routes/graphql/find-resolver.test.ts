import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findHandlerTool } from '../../../../src/capabilities/code/tools/find-handler.js';
import { findGraphQLResolver, parseGraphQLOperation } from '../../../../src/engines/routes/graphql/find-resolver.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

/** Writes one file and finds the resolver: its file, first line and library, and the line holding `marker`. */
async function resolverIn(file: string, lines: string[], operation: string) {
  await project.write(file, `${lines.join('\n')}\n`);
  const [found] = await findGraphQLResolver(project.root, parseGraphQLOperation(operation)!);
  return found && { at: `${found.code.file}:${found.code.line}`, library: found.library, code: found.code.lines.join('\n') };
}

describe('the resolver of a GraphQL operation', () => {
  it('reads operation names as query.books, Mutation.placeOrder or "mutation placeOrder"', () => {
    expect(parseGraphQLOperation('query.books')).toEqual({ kind: 'query', field: 'books' });
    expect(parseGraphQLOperation('Mutation.placeOrder')).toEqual({ kind: 'mutation', field: 'placeOrder' });
    expect(parseGraphQLOperation('mutation placeOrder')).toEqual({ kind: 'mutation', field: 'placeOrder' });
    expect(parseGraphQLOperation('GET /books')).toBeUndefined();
  });

  it("finds a resolver map's key (Apollo Server, graphql-yoga, Mercurius), not the same name under another type", async () => {
    const lines = [
      'export const resolvers = {',
      '  Book: { books: (author) => author.books },',
      '  Query: {',
      '    me: (_, __, ctx) => ctx.user,',
      '    books: async (_, { genre }, { db }) => {',
      '      return db.books(genre);',
      '    },',
      '  },',
      '  Mutation: { placeOrder(_, { input }) { return place(input); } },',
      '};',
    ];
    expect(await resolverIn('src/resolvers.ts', lines, 'query.books')).toMatchObject({
      at: 'src/resolvers.ts:5',
      code: expect.stringContaining('db.books(genre)'),
    });
    expect(await resolverIn('src/resolvers.ts', lines, 'Mutation.placeOrder')).toMatchObject({ at: 'src/resolvers.ts:9' });
  });

  it('finds a NestJS @Query method, by its name or the name the decorator gives', async () => {
    const lines = [
      '@Resolver(() => Book)',
      'export class BooksResolver {',
      '  @Query(() => [Book])',
      '  async books(@Args() args: BooksArgs) {',
      '    return this.service.list(args);',
      '  }',
      '',
      "  @Mutation(() => Order, { name: 'placeOrder' })",
      "  place(@Args('input') input: OrderInput) {",
      '    return this.orders.place(input);',
      '  }',
      '}',
    ];
    expect(await resolverIn('src/books.resolver.ts', lines, 'query.books')).toMatchObject({
      at: 'src/books.resolver.ts:3',
      library: 'NestJS GraphQL',
      code: expect.stringContaining('service.list'),
    });
    expect(await resolverIn('src/books.resolver.ts', lines, 'mutation.placeOrder')).toMatchObject({
      at: 'src/books.resolver.ts:8',
      code: expect.stringContaining('orders.place'),
    });
  });

  it('finds a Strawberry field in class Query, a Graphene resolve_ method and an Ariadne field', async () => {
    const strawberry = [
      'import strawberry',
      '',
      '@strawberry.type',
      'class Query:',
      '    @strawberry.field',
      '    def books(self, genre: Genre | None = None) -> list[Book]:',
      '        return list_books(genre)',
      '',
      'schema = strawberry.Schema(query=Query)',
    ];
    expect(await resolverIn('app/schema.py', strawberry, 'query.books')).toMatchObject({
      at: 'app/schema.py:5',
      code: expect.stringContaining('list_books(genre)'),
    });
    await project.remove();
    project = await createTempProject();
    const graphene = [
      'class Query(graphene.ObjectType):',
      '    books = graphene.List(Book)',
      '',
      '    def resolve_books(root, info):',
      '        return Book.objects.all()',
    ];
    expect(await resolverIn('app/schema.py', graphene, 'query.books')).toMatchObject({
      at: 'app/schema.py:4',
      code: expect.stringContaining('Book.objects.all()'),
    });
    await project.remove();
    project = await createTempProject();
    const ariadne = ['query = QueryType()', '', '@query.field("books")', 'def resolve_books(_, info):', '    return []'];
    expect(await resolverIn('app/resolvers.py', ariadne, 'query.books')).toMatchObject({ at: 'app/resolvers.py:3' });
  });

  it('finds a gqlgen method on queryResolver', async () => {
    const lines = [
      'package graph',
      '',
      'func (r *queryResolver) Books(ctx context.Context, genre *model.Genre) ([]*model.Book, error) {',
      '\treturn r.DB.Books(genre)',
      '}',
    ];
    expect(await resolverIn('graph/schema.resolvers.go', lines, 'query.books')).toMatchObject({
      at: 'graph/schema.resolvers.go:3',
      library: 'gqlgen',
      code: expect.stringContaining('r.DB.Books'),
    });
  });

  it('finds a Spring @QueryMapping method and a @SchemaMapping on Mutation', async () => {
    const lines = [
      '@Controller',
      'public class BookController {',
      '    @QueryMapping',
      '    public List<Book> books(@Argument Genre genre) {',
      '        return repository.findByGenre(genre);',
      '    }',
      '',
      '    @SchemaMapping(typeName = "Mutation", field = "placeOrder")',
      '    public Order place(@Argument OrderInput input) {',
      '        return orders.place(input);',
      '    }',
      '}',
    ];
    expect(await resolverIn('src/main/java/shop/BookController.java', lines, 'query.books')).toMatchObject({
      at: 'src/main/java/shop/BookController.java:3',
      code: expect.stringContaining('findByGenre'),
    });
    expect(await resolverIn('src/main/java/shop/BookController.java', lines, 'mutation.placeOrder')).toMatchObject({
      at: 'src/main/java/shop/BookController.java:8',
      code: expect.stringContaining('orders.place'),
    });
  });

  it('finds an Absinthe field in the query block, to its end', async () => {
    const lines = [
      'defmodule ShopWeb.Schema do',
      '  use Absinthe.Schema',
      '',
      '  query do',
      '    field :books, list_of(:book) do',
      '      arg :genre, :genre',
      '      resolve &Resolvers.Books.list/3',
      '    end',
      '  end',
      'end',
    ];
    expect(await resolverIn('lib/shop_web/schema.ex', lines, 'query.books')).toMatchObject({
      at: 'lib/shop_web/schema.ex:5',
      library: 'Absinthe',
      code: expect.stringContaining('resolve &Resolvers.Books.list/3'),
    });
  });

  it('answers find_handler given a GraphQL operation as the path, and says where else to look when nothing declares it', async () => {
    await project.write('src/resolvers.js', 'module.exports = { Query: { books: () => [] } };\n');
    const run = (args: Record<string, unknown>) => findHandlerTool.run(findHandlerTool.schema.parse(args), toolContext(project.root));
    expect(await run({ path: 'query.books' })).toMatch(/^Resolver of query books: src\/resolvers\.js:1 \(resolver map/);
    expect(await run({ path: 'query.authors' })).toContain('No resolver of query authors found');
    await expect(run({ path: 'query.' })).rejects.toThrow('not a GraphQL root field');
    await expect(run({ path: '/books' })).rejects.toThrow('give the HTTP method');
  });
});
