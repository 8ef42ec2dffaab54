import { z } from 'zod';
import type { FindHandlerResult, FoundHandler } from '../../../engines/routes/find-handler.js';
import { HTTP_METHODS, type RouteDeclaration } from '../../../engines/routes/route.js';
import { FRAMEWORKS } from '../../../workspace/init/frameworks.js';
import { configuredFramework } from '../../../kit/tool-support/configured-framework.js';
import { ToolError, defineTool, type ToolContext } from '../../../kit/tool/tool.js';
import { maskText } from '../../../safety/mask-text.js';

const schema = z.strictObject({
  method: z
    .preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(HTTP_METHODS))
    .optional()
    .describe('HTTP method'),
  path: z.string().min(1).describe('a path (/users/42), a template (/users/{id}) or a URL'),
  framework: z
    .preprocess((value) => (typeof value === 'string' ? value.toLowerCase() : value), z.enum(FRAMEWORKS))
    .optional()
    .describe("default: the project's framework, else all are tried"),
});

export const findHandlerTool = defineTool({
  name: 'find_handler',
  description: "Find the code serving an endpoint: the handler's file:line and code, and where the route is declared.",
  schema,
  kind: 'read',
  readOnly: true,
  async run(args, ctx) {
    // A GraphQL operation ("query.books") as the path: its resolver.
    if (/^(query|mutation|subscription)[.\s]/i.test(args.path)) return findResolver(args.path, ctx);
    if (args.method === undefined) throw new ToolError('give the HTTP method with the path, or a GraphQL operation as the path ("query.books")');
    ctx.progress(`reading the routes of the project for ${args.method} ${args.path}`);
    const { UnknownFrameworkError, findHandler } = await import('../../../engines/routes/find-handler.js');
    const input = { ...args, method: args.method, configuredFramework: await configuredFramework(ctx.projectRoot) };
    const result = await findHandler(ctx.projectRoot, input, ctx.signal).catch((error: unknown) => {
      if (error instanceof UnknownFrameworkError) throw new ToolError(error.message);
      throw error;
    });
    return maskText(describeResult(result));
  },
});

async function findResolver(operation: string, ctx: ToolContext): Promise<string> {
  const { findGraphQLResolver, parseGraphQLOperation } = await import('../../../engines/routes/graphql/find-resolver.js');
  const root = parseGraphQLOperation(operation);
  if (!root) throw new ToolError(`operation "${operation}" is not a GraphQL root field such as "query.books" or "mutation.placeOrder"`);
  ctx.progress(`reading the project's resolvers for ${root.kind} ${root.field}`);
  const found = await findGraphQLResolver(ctx.projectRoot, root, ctx.signal);
  if (found.length === 0) {
    return maskText(
      `No resolver of ${root.kind} ${root.field} found (resolver maps, NestJS, Spring, gqlgen, Strawberry, Graphene, Ariadne, Absinthe). Look for "${root.field}" with search_code.`,
    );
  }
  const lines = found.length > 1 ? [`${found.length} resolvers of ${root.kind} ${root.field}, the first is likely the one:`] : [];
  for (const { library, code } of found) {
    const last = code.line + code.lines.length - 1;
    const width = String(last).length;
    lines.push(
      `Resolver of ${root.kind} ${root.field}: ${code.file}:${code.line} (${library})`,
      '',
      ...code.lines.map((text, index) => `${String(code.line + index).padStart(width)}  ${text}`),
    );
    if (code.moreLines > 0) lines.push(`… ${code.moreLines} more lines: read_file ${code.file} with offset ${last + 1}`);
    lines.push('');
  }
  return maskText(lines.join('\n').trimEnd());
}

function describeResult(result: FindHandlerResult): string {
  const asked = `${result.method} ${result.path}`;
  const readAs = describeFramework(result);
  if (result.routeCount === 0) {
    return `No routes found in the project (${readAs}). Look for the path or the framework's route calls with search_code.`;
  }
  const [best, ...others] = result.matches;
  if (!best) return describeMisses(result, asked, readAs);
  const lines: string[] = [];
  if (others.length === 0) lines.push(`${asked} → ${best.route.method} ${best.route.path}${fitNote(best)}`);
  else {
    lines.push(`${result.matches.length} routes match ${asked}, best first:`);
    result.matches.forEach((match, index) => lines.push(`${index + 1}. ${describeMatch(match)}`));
    lines.push('', `The best, ${best.route.method} ${best.route.path}${fitNote(best)}:`);
  }
  lines.push(...describeHandler(best));
  return lines.join('\n');
}

function describeHandler(match: FoundHandler): string[] {
  const { route, code } = match;
  const declared = `${route.file}:${route.line}${match.declaration ? `: ${match.declaration}` : ''}`;
  if (!code) return [`Route declared at ${declared}`, `Handler ${route.handler.label}: its code was not found in the project.`];
  const lines = [`Handler: ${code.file}:${code.line} (${route.handler.label})`];
  if (code.file !== route.file || code.line !== route.line) lines.push(`Route declared at ${declared}`);
  const last = code.line + code.lines.length - 1;
  const width = String(last).length;
  lines.push('', ...code.lines.map((text, index) => `${String(code.line + index).padStart(width)}  ${text}`));
  if (code.moreLines > 0) lines.push(`… ${code.moreLines} more lines: read_file ${code.file} with offset ${last + 1}`);
  return lines;
}

function describeMisses(result: FindHandlerResult, asked: string, readAs: string): string {
  const lines = [`No route serves ${asked} (${result.routeCount} routes read; ${readAs}).`];
  const { otherMethods, underPrefix, similar } = result.closest;
  if (underPrefix.length > 0) {
    lines.push('Served under a prefix the path asked for lacks:', ...underPrefix.map((route) => `  ${describeRoute(route)}`));
  }
  if (otherMethods.length > 0) lines.push('The path is served for other methods:', ...otherMethods.map((route) => `  ${describeRoute(route)}`));
  if (similar.length > 0) lines.push('Closest routes:', ...similar.map((route) => `  ${describeRoute(route)}`));
  return lines.join('\n');
}

function describeMatch(match: FoundHandler): string {
  const handler = match.code ? ` → handler ${match.code.file}:${match.code.line}` : '';
  return `${describeRoute(match.route)}${handler}${fitNote(match)}`;
}

function describeRoute(route: RouteDeclaration): string {
  return `${route.method} ${route.path} — ${route.file}:${route.line} (${route.handler.label})`;
}

function fitNote(match: FoundHandler): string {
  if (match.methodFit === 'any') return ' (serves every method)';
  return match.methodFit === 'head-as-get' ? ' (HEAD is served by the GET route)' : '';
}

function describeFramework(result: FindHandlerResult): string {
  const readers = result.readers.join('; ');
  switch (result.framework.source) {
    case 'argument':
      return `read as ${readers}`;
    case 'config':
      return `framework ${result.framework.name} from .falcon/config.yaml`;
    case 'fallback':
      return `none read as ${result.framework.firstTried}, so every framework was tried`;
    default:
      return 'no framework configured, so every framework was tried';
  }
}
