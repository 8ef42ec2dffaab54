import path from 'node:path';
import { parseJsonObject } from '../../../workspace/init/parse-json-object.js';
import { projectPathExists, readCodeFile } from '../read-code-file.js';

export type NodeRunner = 'vitest' | 'jest' | 'mocha' | 'node:test';

/** What package.json and tsconfig.json say about how tests run and how modules are written. */
export interface NodeProject {
  runner: NodeRunner;
  dependencies: ReadonlySet<string>;
  typescript: boolean;
  /** `import` rather than `require`. */
  esm: boolean;
  /** Relative imports carry their file extension (ESM JavaScript, TypeScript with node16/nodenext resolution). */
  importExtensions: boolean;
}

export async function readNodeProject(projectRoot: string): Promise<NodeProject> {
  const manifest = parseJsonObject((await readCodeFile(projectRoot, 'package.json')) ?? '{}') ?? {};
  const dependencies = new Set([...Object.keys(objectField(manifest, 'dependencies')), ...Object.keys(objectField(manifest, 'devDependencies'))]);
  const tsconfig = await readCodeFile(projectRoot, 'tsconfig.json');
  const typescript = tsconfig !== undefined || dependencies.has('typescript');
  const esm = manifest.type === 'module' || typescript;
  const nodeResolution = /"module(?:Resolution)?"\s*:\s*"node(?:16|next)"/i.test(tsconfig ?? '');
  return {
    runner: detectRunner(dependencies, manifest),
    dependencies,
    typescript,
    esm,
    importExtensions: typescript ? nodeResolution : esm,
  };
}

function detectRunner(dependencies: ReadonlySet<string>, manifest: Record<string, unknown>): NodeRunner {
  if (dependencies.has('vitest')) return 'vitest';
  if (dependencies.has('jest') || dependencies.has('ts-jest') || 'jest' in manifest) return 'jest';
  if (dependencies.has('mocha')) return 'mocha';
  return 'node:test';
}

/** Where new tests go when the project has none to copy: its test folder if there is one. */
export async function defaultTestFolder(projectRoot: string): Promise<string> {
  for (const folder of ['test', 'tests', '__tests__']) if (await projectPathExists(projectRoot, folder)) return folder;
  return 'test';
}

/** `import x from '<specifier>'` in a file of `fromFolder` for the project file `target`. */
export function importSpecifier(project: NodeProject, fromFolder: string, target: string): string {
  const relative = path.posix.relative(fromFolder, target);
  const specifier = relative.startsWith('.') ? relative : `./${relative}`;
  if (project.importExtensions) return specifier.replace(/\.([mc]?)ts$/, '.$1js');
  return specifier.replace(/\.(ts|js|mts|cts)$/, '');
}

function objectField(manifest: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = manifest[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
