import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = path.join(ROOT, 'src');

/**
 * Cycles known and being removed elsewhere, each as its files sorted and joined by ` ↔ `.
 * removed by point 3 (issue 29): the security checks' support folder is reorganised there.
 */
const ALLOWED: readonly string[] = [
  'src/engines/security/checks/support/own-view.ts ↔ src/engines/security/checks/support/profile-values.ts',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The source file a relative specifier names (`./app.js` → app.tsx), or undefined for a package. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const stem = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  return [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** Each file of src/ and the files of src/ it names: static imports, `import type`, `export … from`, `import()`. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => resolved(file, fileName) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file importing itself): Tarjan's algorithm. */
function cyclicGroups(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** One way round the group from its first file, by the fewest imports: `a.ts → b.ts → a.ts`. */
function oneCycle(group: string[], graph: Map<string, string[]>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const way = [file];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!);
        return [...way, start];
      }
      if (group.includes(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start];
}

const shown = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

describe('imports of src/', () => {
  it('form no cycle, counting `import type` and `import()`', () => {
    const graph = importGraph();
    const cycles = cyclicGroups(graph)
      .filter((group) => !ALLOWED.includes(group.map(shown).sort().join(' ↔ ')))
      .map((group) => `${group.map(shown).sort().join(' ↔ ')}\n  for one: ${oneCycle(group, graph).map(shown).join(' → ')}`);
    expect(cycles).toEqual([]);
  });
});
