import path from 'node:path';
import { joinPaths } from '../../path-pattern.js';
import type { RouteGraph } from '../../route-graph.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import type { JsProject } from './js-project.js';

const AUTOLOAD_PACKAGES = new Set(['@fastify/autoload', 'fastify-autoload']);

/** `fastify.register(AutoLoad, …)`: the plugin is @fastify/autoload. */
export function isAutoload(project: JsProject, file: SourceFile, plugin: string): boolean {
  const required = /^require\(\s*(['"])([^'"]+)\1\s*\)$/.exec(plugin.trim());
  if (required) return AUTOLOAD_PACKAGES.has(required[2] as string);
  const binding = project.imports(file).get(plugin.trim());
  return binding !== undefined && AUTOLOAD_PACKAGES.has(binding.specifier);
}

/**
 * @fastify/autoload registers every plugin file under `dir`, each under its folder's path (a `_id`
 * folder is the parameter `:id`) after the `options.prefix`.
 */
export function fastifyAutoloadMounts(project: JsProject, graph: RouteGraph, file: SourceFile, parent: string, options: Span | undefined): void {
  const text = options?.text ?? '';
  const dir =
    /\b(?:join|resolve)\(\s*(?:__dirname|import\.meta\.dirname)\s*,\s*(['"])([^'"]+)\1/.exec(text)?.[2] ?? /\bdir\s*:\s*(['"])([^'"]+)\1/.exec(text)?.[2];
  if (!dir) return;
  const prefix = /\bprefix\s*:\s*(['"`])(.*?)\1/.exec(text)?.[2] ?? '';
  const folder = path.posix.join(path.posix.dirname(file.path), dir);
  for (const plugin of project.files) {
    if (!plugin.path.startsWith(`${folder}/`)) continue;
    const relativeFolder = path.posix.dirname(plugin.path.slice(folder.length + 1));
    const folderPath = relativeFolder === '.' ? '' : relativeFolder.replace(/(^|\/)_([\w$]+)/g, '$1:$2');
    const node = project.exportedNode(plugin.path, 'default');
    if (node) graph.mount(parent, node, joinPaths(prefix, folderPath));
  }
}
