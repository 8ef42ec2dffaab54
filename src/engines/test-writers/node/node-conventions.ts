import type { NodeAssertions, NodeTransport } from './node-test-case.js';
import type { NodeProject, NodeRunner } from './node-project.js';

/** Files that look like JS/TS tests, for findExistingTest. */
export const NODE_TEST_PATTERNS = [
  '*.{test,spec}.{ts,js,mjs,cjs,mts,cts}',
  '*.e2e-spec.{ts,js}',
  '__tests__/**/*.{ts,js,mjs}',
  'test/**/*.{ts,js,mjs,cjs}',
  'spec/**/*.{ts,js,mjs,cjs}',
];
/** A test that sends requests shows how the app is reached. */
export const SENDS_REQUESTS = /supertest|\.inject\(|\.request\(\s*['"`]\/|fetch\(/;

/** How an existing test reaches the API; undefined when it sends no requests. */
export function transportIn(text: string): NodeTransport | undefined {
  const inject = /([\w$]+(?:\.[\w$]+)*)\.inject\(\s*\{/.exec(text);
  if (inject) return { kind: 'inject', app: inject[1] as string };
  const imported = /import\s+(?:\*\s+as\s+)?([\w$]+)\s+from\s+['"]supertest['"]|([\w$]+)\s*=\s*require\(\s*['"]supertest['"]\s*\)/.exec(text);
  if (imported) {
    const name = (imported[1] ?? imported[2]) as string;
    const call = new RegExp(`\\b(${name}\\s*\\((?:[^()]|\\([^()]*\\))*\\)|[\\w$]+)\\s*\\.\\s*(?:get|post|put|patch|delete|del)\\s*\\(\\s*['"\`]/`).exec(text);
    return { kind: 'supertest', requester: call?.[1] ?? `${name}(app)` };
  }
  const hono = /([\w$]+)\.request\(\s*['"`]\//.exec(text);
  if (hono) return { kind: 'hono', app: hono[1] as string };
  const fetched = /fetch\(\s*`\$\{([\w$.]+)\}/.exec(text);
  return fetched ? { kind: 'fetch', base: fetched[1] as string } : undefined;
}

export function assertionsIn(text: string, runner: NodeRunner): NodeAssertions {
  if (/\.to\.(?:equal|eql|be|have|include|deep)\b/.test(text)) return 'chai';
  // A bare `expect(` (not supertest's `.expect(200)`) is jest-style only where the runner provides it.
  if (/(?:^|[^.\w$])expect\(/m.test(text) && (runner === 'vitest' || runner === 'jest')) return 'jest';
  if (/\bassert\b/.test(text)) return 'assert';
  return defaultAssertions(runner);
}

export function defaultAssertions(runner: NodeRunner): NodeAssertions {
  return runner === 'vitest' || runner === 'jest' ? 'jest' : 'assert';
}

export function hooksOf(runner: NodeRunner): { before: string; after: string } {
  return runner === 'vitest' || runner === 'jest' ? { before: 'beforeAll', after: 'afterAll' } : { before: 'before', after: 'after' };
}

/** Runner imports a file written from scratch needs, for the names it uses. */
export function runnerImports(project: NodeProject, assertions: NodeAssertions, names: string[]): string[] {
  const lines: string[] = [];
  const from = (module: string, bindings: string) => (project.esm ? `import ${bindings} from '${module}';` : `const ${bindings} = require('${module}');`);
  if (project.runner === 'vitest') lines.push(from('vitest', `{ ${[...names, ...(assertions === 'jest' ? ['expect'] : [])].join(', ')} }`));
  if (project.runner === 'node:test') lines.push(from('node:test', `{ ${names.join(', ')} }`));
  if (assertions === 'assert') lines.push(from('node:assert/strict', 'assert'));
  if (assertions === 'chai') lines.push(from('chai', '{ expect }'));
  return lines;
}

export function runCommand(project: NodeProject, file: string): string {
  switch (project.runner) {
    case 'vitest':
      return `npx vitest run ${file}`;
    case 'jest':
      return `npx jest ${file}`;
    case 'mocha':
      return `npx mocha ${file}`;
    case 'node:test':
      return project.typescript ? `npx tsx --test ${file}` : `node --test ${file}`;
  }
}

export function transportLabel(transport: NodeTransport): string {
  return { supertest: 'supertest', inject: 'fastify inject', hono: 'app.request', fetch: 'fetch against the running server' }[transport.kind];
}

/** Adds names missing from an existing `import { … } from 'vitest'`, and an assert import when one is needed. */
export function completeImports(prefix: string, project: NodeProject, assertions: NodeAssertions, names: string[]): string {
  let result = prefix.replace(/import\s*\{([^}]*)\}\s*from\s*(['"])vitest\2/, (line, list: string) => {
    const present = list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const missing = names.filter((name) => !present.includes(name));
    return missing.length === 0 ? line : line.replace(`{${list}}`, `{ ${[...present, ...missing].join(', ')} }`);
  });
  if (assertions === 'assert' && !/\bassert\b[^\n]*(?:from|require\()/.test(result)) {
    const lastImport = [...result.matchAll(/^(?:import\s.*|.*\brequire\(.*)$/gm)].at(-1);
    const line = project.esm ? "import assert from 'node:assert/strict';" : "const assert = require('node:assert/strict');";
    const at = lastImport ? (lastImport.index ?? 0) + lastImport[0].length + 1 : 0;
    result = `${result.slice(0, at)}${line}\n${result.slice(at)}`;
  }
  return result;
}
