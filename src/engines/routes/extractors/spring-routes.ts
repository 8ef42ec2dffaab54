import { joinPaths } from '../path-pattern.js';
import type { RouteDeclaration, RouteExtractor } from '../route.js';
import { skipAnnotations } from '../source/annotations.js';
import { type SourceFile, type Span, stringLiterals } from '../source/source-file.js';
import type { SourceSet } from '../source/source-set.js';

const MAPPING = /@(Get|Post|Put|Patch|Delete|Request)Mapping\b/g;
const CLASS = /\b(?:class|interface|object)\s+(\w+)/g;
const SETTINGS = /(?:^|\/)src\/main\/resources\/application[\w-]*\.(?:properties|ya?ml)$|^application\.(?:properties|ya?ml)$/;

interface ControllerClass {
  bodyStart: number;
  bodyEnd: number;
  prefixes: string[];
}

/** Spring MVC/WebFlux: `@RequestMapping` on the class and `@GetMapping`… on its methods, under `server.servlet.context-path`. */
export const springExtractor: RouteExtractor = {
  label: 'Spring',
  async extract(sources) {
    const contextPath = await readContextPath(sources);
    const files = await sources.files(['java']);
    return files.filter((file) => file.code.includes('Mapping')).flatMap((file) => fileRoutes(file, contextPath));
  },
};

async function readContextPath(sources: SourceSet): Promise<string> {
  for (const path of sources.allPaths.filter((candidate) => SETTINGS.test(candidate))) {
    const text = (await sources.readText(path)) ?? '';
    const found = /^\s*server\.servlet\.context-path\s*[=:]\s*(\S+)/m.exec(text) ?? /^\s*context-path\s*:\s*['"]?([^'"\s#]+)/m.exec(text);
    if (found) return found[1] as string;
  }
  return '';
}

function fileRoutes(file: SourceFile, contextPath: string): RouteDeclaration[] {
  const classes = controllerClasses(file);
  const routes: RouteDeclaration[] = [];
  for (const match of file.skeleton.matchAll(MAPPING)) {
    const owner = classes.filter((cls) => cls.bodyStart < match.index && match.index < cls.bodyEnd).at(-1);
    if (!owner) continue;
    const end = match.index + match[0].length;
    const open = file.skipSpace(end);
    const args = file.skeleton[open] === '(' ? file.args(open) : [];
    const afterAnnotation = file.skeleton[open] === '(' ? (file.closing(open) ?? open) + 1 : end;
    const name = methodName(file, afterAnnotation);
    const handler = { label: name ?? 'mapped method', at: { file: file.path, offset: match.index } };
    for (const method of mappingMethods(match[1] as string, args)) {
      for (const base of owner.prefixes) {
        for (const path of mappingPaths(args)) {
          routes.push({ method, path: joinPaths(contextPath, base, path), file: file.path, line: file.lineAt(match.index), handler });
        }
      }
    }
  }
  return routes;
}

function controllerClasses(file: SourceFile): ControllerClass[] {
  const classes: ControllerClass[] = [];
  for (const match of file.skeleton.matchAll(CLASS)) {
    let bodyStart = match.index + match[0].length;
    // Kotlin primary constructors and generics come before the body.
    while (bodyStart < file.skeleton.length && file.skeleton[bodyStart] !== '{' && file.skeleton[bodyStart] !== ';') {
      bodyStart = file.skeleton[bodyStart] === '(' ? (file.closing(bodyStart) ?? bodyStart) + 1 : bodyStart + 1;
    }
    const bodyEnd = file.skeleton[bodyStart] === '{' ? file.closing(bodyStart) : undefined;
    if (bodyEnd === undefined) continue;
    // The class's own annotations sit between the previous declaration and the `class` keyword.
    const before = Math.max(file.skeleton.lastIndexOf(';', match.index), file.skeleton.lastIndexOf('}', match.index), 0);
    const mapping = /@RequestMapping\b\s*(\()?/.exec(file.skeleton.slice(before, match.index));
    const open = mapping?.[1] ? before + mapping.index + mapping[0].length - 1 : undefined;
    classes.push({ bodyStart, bodyEnd, prefixes: open === undefined ? [''] : mappingPaths(file.args(open)) });
  }
  return classes;
}

/** `("/x")`, `({"/a", "/b"})`, `(value = "/x", produces = …)`, `(path = ["/x"])`, or none. */
function mappingPaths(args: Span[]): string[] {
  const named = args.find((arg) => /^(?:value|path)\s*=/.test(arg.text));
  const source = named ?? args.find((arg) => !/^\w+\s*=/.test(arg.text));
  const paths = source ? stringLiterals(source.text) : [];
  return paths.length > 0 ? paths : [''];
}

function mappingMethods(kind: string, args: Span[]): string[] {
  if (kind !== 'Request') return [kind.toUpperCase()];
  const declared = args.find((arg) => /^method\s*=/.test(arg.text));
  // `RequestMethod.GET`, or `GET` statically imported.
  const methods = declared ? [...declared.text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g)].map((match) => match[1] as string) : [];
  return methods.length > 0 ? methods : ['ANY'];
}

/** The Java or Kotlin method after the annotations. */
function methodName(file: SourceFile, from: number): string | undefined {
  const start = skipAnnotations(file, from);
  const text = file.skeleton.slice(start, start + 300);
  return /^[^(]*?\bfun\s+(?:<[^>]*>\s*)?(\w+)/.exec(text)?.[1] ?? /^[\w\s<>[\],.?]*?(\w+)\s*\(/.exec(text)?.[1];
}
