import { joinPaths } from '../../path-pattern.js';
import { type RouteDeclaration, type RouteExtractor, httpMethod } from '../../route.js';
import { skipAnnotations } from '../../source/annotations.js';
import { type SourceFile, stringLiterals } from '../../source/source-file.js';

const CONTROLLER = /@Controller\s*\(/g;
const MAPPING = /@(Get|Post|Put|Patch|Delete|Options|Head|All)\s*\(/g;
const GLOBAL_PREFIX = /\.setGlobalPrefix\s*\(\s*(['"`])([^'"`]*)\1/;

/** NestJS: `@Controller('users')` classes with `@Get(':id')` methods, under `app.setGlobalPrefix('api')`. */
export const nestExtractor: RouteExtractor = {
  label: 'NestJS',
  async extract(sources) {
    const files = await sources.files(['js']);
    const globalPrefix = files.map((file) => GLOBAL_PREFIX.exec(file.code)?.[2]).find((prefix) => prefix !== undefined) ?? '';
    return files.filter((file) => file.code.includes('@Controller')).flatMap((file) => controllerRoutes(file, globalPrefix));
  },
};

function controllerRoutes(file: SourceFile, globalPrefix: string): RouteDeclaration[] {
  const controllers = [...file.skeleton.matchAll(CONTROLLER)].map((match) => ({
    start: match.index,
    paths: decoratorPaths(file, match.index + match[0].length - 1),
  }));
  const routes: RouteDeclaration[] = [];
  for (const match of file.skeleton.matchAll(MAPPING)) {
    const controller = controllers.filter((candidate) => candidate.start < match.index).at(-1);
    if (!controller) continue;
    const open = match.index + match[0].length - 1;
    const name = decoratedMethodName(file, (file.closing(open) ?? open) + 1);
    const method = httpMethod(match[1] as string) as string;
    for (const base of controller.paths) {
      for (const path of decoratorPaths(file, open)) {
        routes.push({
          method,
          path: joinPaths(globalPrefix, base, path),
          file: file.path,
          line: file.lineAt(match.index),
          handler: { label: name ?? 'decorated method', at: { file: file.path, offset: match.index } },
        });
      }
    }
  }
  return routes;
}

/** `('users')`, `(['a', 'b'])`, `({ path: 'users' })` or `()`. */
function decoratorPaths(file: SourceFile, open: number): string[] {
  const first = file.args(open)[0]?.text ?? '';
  const path = first.startsWith('{') ? (/\bpath\s*:\s*([^,}]+)/.exec(first)?.[1] ?? '') : first;
  const paths = stringLiterals(path);
  return paths.length > 0 ? paths : [''];
}

/** The method a decorator stack belongs to: skips further decorators and modifiers. */
function decoratedMethodName(file: SourceFile, from: number): string | undefined {
  const start = skipAnnotations(file, from);
  return /^(?:(?:public|private|protected|async|static)\s+)*([\w$]+)\s*[(<]/.exec(file.skeleton.slice(start, start + 200))?.[1];
}
