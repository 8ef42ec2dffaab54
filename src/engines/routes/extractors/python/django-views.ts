import type { HandlerRef } from '../../route.js';
import { type SourceFile, type Span, stringLiterals } from '../../source/source-file.js';
import type { PyName, PyProject } from './python-project.js';
import { VIEW_METHODS, pythonClass } from './python-syntax.js';

export interface ViewRoute {
  method: string;
  /** Added to the registered path (Django REST framework routers' `<pk>/`). */
  suffix: string;
  handler: HandlerRef;
}

const VIEWSET_ACTIONS: Record<string, [method: string, detail: boolean]> = {
  list: ['GET', false],
  create: ['POST', false],
  retrieve: ['GET', true],
  update: ['PUT', true],
  partial_update: ['PATCH', true],
  destroy: ['DELETE', true],
};
const BASE_ACTIONS: Array<[RegExp, string[]]> = [
  [/\bReadOnlyModelViewSet\b/, ['list', 'retrieve']],
  [/(?<!ReadOnly)\bModelViewSet\b/, Object.keys(VIEWSET_ACTIONS)],
  [/\bListModelMixin\b/, ['list']],
  [/\bCreateModelMixin\b/, ['create']],
  [/\bRetrieveModelMixin\b/, ['retrieve']],
  [/\bUpdateModelMixin\b/, ['update', 'partial_update']],
  [/\bDestroyModelMixin\b/, ['destroy']],
];

/**
 * The methods a view in `path(…, view)` serves: a function view every method unless a decorator
 * (`@api_view([…])`, `@require_http_methods([…])`, `@require_GET`…) says; a class view each method it defines.
 */
export function viewRoutes(project: PyProject, file: SourceFile, view: Span): ViewRoute[] {
  const asView = /^([\w.]+)\.as_view\s*\(/.exec(view.text);
  const target = project.nameOf(file, asView?.[1] ?? view.text);
  const targetFile = target && project.byPath.get(target.file);
  if (!target || !targetFile) return [{ method: 'ANY', suffix: '', handler: { label: view.text } }];
  const hints = [target.file];
  if (!asView) {
    const methods = decoratedMethods(targetFile, target.name) ?? ['ANY'];
    return methods.map((method) => ({ method, suffix: '', handler: { label: target.name, name: target.name, hints } }));
  }
  // `UserViewSet.as_view({'get': 'list', 'post': 'create'})`
  const mapping = [...view.text.matchAll(/['"](\w+)['"]\s*:\s*['"](\w+)['"]/g)];
  if (mapping.length > 0) {
    return mapping.map(([, method, action]) => ({
      method: (method as string).toUpperCase(),
      suffix: '',
      handler: methodRef(targetFile, target, action as string),
    }));
  }
  const defined = [...(pythonClass(targetFile, target.name)?.methods.keys() ?? [])].filter((name) => VIEW_METHODS.includes(name));
  if (defined.length === 0) return [{ method: 'ANY', suffix: '', handler: { label: target.name, name: target.name, hints } }];
  return defined.map((method) => ({ method: method.toUpperCase(), suffix: '', handler: methodRef(targetFile, target, method) }));
}

/** Django REST framework: what `router.register('users', UserViewSet)` generates. */
export function viewSetRoutes(project: PyProject, file: SourceFile, viewSet: string): ViewRoute[] {
  const target = project.nameOf(file, viewSet);
  const targetFile = target && project.byPath.get(target.file);
  const cls = targetFile && pythonClass(targetFile, target.name);
  if (!target || !targetFile || !cls) return [];
  const actions = new Set(Object.keys(VIEWSET_ACTIONS).filter((action) => cls.methods.has(action)));
  for (const [base, inherited] of BASE_ACTIONS) if (base.test(cls.bases)) inherited.forEach((action) => actions.add(action));
  const routes = [...actions].map((action) => {
    const [method, detail] = VIEWSET_ACTIONS[action] as [string, boolean];
    return { method, suffix: detail ? '<pk>/' : '', handler: methodRef(targetFile, target, action) };
  });
  const body = targetFile.code.slice(cls.start);
  for (const extra of body.matchAll(/@action\s*\(([^)]*)\)\s*\n\s*(?:async\s+)?def\s+(\w+)/g)) {
    const options = extra[1] as string;
    const name = extra[2] as string;
    if (!cls.methods.has(name)) continue;
    const urlPath = /url_path\s*=\s*['"]([^'"]+)['"]/.exec(options)?.[1] ?? name;
    const detail = /detail\s*=\s*True/.test(options);
    const methods = /methods\s*=/.test(options) ? stringLiterals(/methods\s*=\s*\[([^\]]*)\]/.exec(options)?.[1] ?? '') : ['get'];
    for (const method of methods) {
      routes.push({ method: method.toUpperCase(), suffix: `${detail ? '<pk>/' : ''}${urlPath}/`, handler: methodRef(targetFile, target, name) });
    }
  }
  return routes;
}

/** A method of a view class; one it inherits is shown as the class itself. */
function methodRef(file: SourceFile, target: PyName, method: string): HandlerRef {
  const label = `${target.name}.${method}`;
  if (pythonClass(file, target.name)?.methods.has(method)) return { label, className: target.name, name: method, hints: [target.file] };
  return { label: `${label} (inherited)`, name: target.name, hints: [target.file] };
}

function decoratedMethods(file: SourceFile, name: string): string[] | undefined {
  const definition = new RegExp(`^[ \\t]*(?:async\\s+)?def\\s+${name}\\b`, 'm').exec(file.code);
  if (!definition) return undefined;
  const above = /(?:^|\n)((?:[ \t]*@[^\n]*\n)+)$/.exec(file.code.slice(Math.max(0, definition.index - 1000), definition.index))?.[1] ?? '';
  const listed = /@(?:api_view|require_http_methods)\s*\(\s*\[([^\]]*)\]/.exec(above);
  if (listed) return stringLiterals(listed[1] as string).map((method) => method.toUpperCase());
  const single = /@require_(GET|POST|safe)\b/.exec(above)?.[1];
  if (single === 'safe') return ['GET', 'HEAD'];
  return single ? [single] : undefined;
}
