import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The folders of src/, top layer first. A file may import from its own layer and the layers below
 * it, never from one above, not even for a type. `src/*.ts` stands for the files right in src/, such
 * as src/version.ts: they import nothing of Falcon's, so they sit with config. Safety, at the very
 * bottom, imports nothing but itself. `mcp/client` and `mcp/server` split a folder between two
 * layers: the client's tools join the agent's, the server is a front end over the tools.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['cli'],
  ['tui', 'headless', 'mcp/server', 'dashboard'],
  ['agent'],
  ['capabilities'],
  ['kit', 'mcp/client'],
  ['engines'],
  ['llm', 'workspace'],
  ['config', 'src/*.ts'],
  ['safety'],
];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = path.join(ROOT, 'src');

function layerOf(folder: string): number {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

/** `agent` for src/agent/run-loop.ts, `src/*.ts` for src/version.ts, `mcp/client` for src/mcp/client/mcp-tool.ts. */
function folderOf(fileInSrc: string): string {
  const parts = path.relative(SRC, fileInSrc).split(path.sep);
  if (parts.length === 1) return 'src/*.ts';
  const subfolder = `${parts[0]}/${parts[1]}`;
  return layerOf(subfolder) === -1 ? parts[0]! : subfolder;
}

/** The folders of src/ the table does not place; of a folder split between layers, what is in it besides its placed subfolders. */
function unplacedFolders(): string[] {
  return readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && layerOf(entry.name) === -1)
    .flatMap(({ name }) => {
      const split = LAYERS.flat().filter((folder) => folder.startsWith(`${name}/`));
      if (split.length === 0) return [name];
      return readdirSync(path.join(SRC, name))
        .map((child) => `${name}/${child}`)
        .filter((child) => !split.includes(child));
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const named = new Map<string, string[]>();

/** Every module a file names: static imports and `import type`, `export … from`, `import()`. Read once per file. */
function specifiers(file: string): string[] {
  let specifiersOfFile = named.get(file);
  if (!specifiersOfFile) {
    specifiersOfFile = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);
    named.set(file, specifiersOfFile);
  }
  return specifiersOfFile;
}

/** `src/tui/app.tsx` for the target of `./app.js`. */
function shown(file: string): string {
  const stem = file.replace(/\.js$/, '');
  const source = [`${stem}.ts`, `${stem}.tsx`].find((candidate) => existsSync(candidate)) ?? file;
  return path.relative(ROOT, source).split(path.sep).join('/');
}

function upwardImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    for (const specifier of specifiers(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const to = folderOf(target);
      if (layerOf(to) < layerOf(from)) {
        found.push(`${shown(file)} → ${shown(target)} (${to} is above ${from})`);
      }
    }
  }
  return found;
}

/** Every relative import of src/: the importing file and the file it names, both as paths under the root. */
function imports(): { from: string; to: string }[] {
  return sourceFiles(SRC).flatMap((file) =>
    specifiers(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from: shown(file), to: shown(path.resolve(path.dirname(file), specifier)) })),
  );
}

const FRONT_ENDS = ['tui', 'headless', 'mcp/server', 'dashboard'];

/** `tui` for src/tui/app.tsx; undefined for a file of no front end. */
function frontEndOf(file: string): string | undefined {
  return FRONT_ENDS.find((frontEnd) => file.startsWith(`src/${frontEnd}/`));
}

/** `flows` for src/capabilities/flows/engine/run-flow.ts; undefined outside a capability's folder. */
function capabilityOf(file: string): string | undefined {
  return /^src\/capabilities\/([^/]+)\//.exec(file)?.[1];
}

describe('layers of src/', () => {
  it('gives every folder of src/ a layer', () => {
    expect(unplacedFolders()).toEqual([]);
  });

  it('imports nothing from a higher layer', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('keeps each front end to itself: none imports another', () => {
    const across = imports().filter(({ from, to }) => frontEndOf(from) && frontEndOf(to) && frontEndOf(from) !== frontEndOf(to));
    expect(across.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('reaches a capability from outside its folder only through its manifest (capability.ts) or the list of them', () => {
    const inside = imports().filter(
      ({ from, to }) => capabilityOf(to) && capabilityOf(from) !== capabilityOf(to) && from !== 'src/capabilities/index.ts' && !to.endsWith('/capability.ts'),
    );
    expect(inside.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});
