import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';

/** Whether the spec lists a concrete path under any method: `{param}` matches one segment, a trailing slash is ignored. */
export function isDocumented(path: string, operations: readonly SpecOperation[]): boolean {
  const wanted = withoutTrailingSlash(path);
  return operations.some((operation) => templatePattern(operation.path).test(wanted));
}

function templatePattern(template: string): RegExp {
  const parts = withoutTrailingSlash(template).split(/(\{[^{}]+\})/);
  const source = parts.map((part) => (/^\{[^{}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`);
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
