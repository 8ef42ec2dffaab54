// Vitest globalSetup of the unit project: ingests every JSON sample of @readme/oas-examples once,
// with `falcon spec ingest`'s own ingestSpec, and keeps what came out (the spec.yaml written, the
// summary, or the error and whether anything was written) in a folder the tests read through
// test/support/public-samples.ts. Four test files check those samples; each used to ingest all 53
// to 70 of them again.
//
// The folder is kept between runs under node_modules/.cache, named after a hash of everything the
// outcome depends on: the package's version, the files of src/ ingestSpec runs (its imports, static
// and dynamic, followed through), package-lock.json, this file and Node's version. A change to that
// code makes a new one, so a run never reads what older code ingested; a change elsewhere keeps it.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ingestSpec } from '../../src/engines/spec/ingest-spec.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder this setup ingested the samples into. */
    publicSamples: string;
  }
}

/** The samples: the @readme/oas-examples dev dependency. */
export const OAS_EXAMPLES = fileURLToPath(new URL('../../node_modules/@readme/oas-examples/', import.meta.url));
/** The list of samples and what became of each, in the folder. */
export const SAMPLE_INDEX = 'index.json';

/** One sample, named as `3.0/json/petstore.json`: ingested (its spec.yaml copied to `specFile`), or refused. */
export type IngestedSampleEntry =
  { sample: string; summary: string; specFile: string } | { sample: string; error: { name: string; message: string; stack: string }; wroteSpec: boolean };

const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** The function whose outcome is kept. */
const INGEST_SPEC = path.join(REPO, 'src', 'engines', 'spec', 'ingest-spec.ts');
const CACHE = path.join(REPO, 'node_modules', '.cache', 'falcon-tests');
/** Cache folders of other code older than this are removed; a run reading one of them has long finished. */
const STALE_MS = 6 * 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<void> {
  const started = performance.now();
  const folder = path.join(CACHE, `public-samples-${await cacheKey()}`);
  if (await exists(path.join(folder, SAMPLE_INDEX))) {
    // In use: not stale for the clean-up of another code's run.
    const now = new Date();
    await utimes(folder, now, now).catch(() => undefined);
  } else {
    await ingestInto(folder);
    await removeStale(folder);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Ingested the public spec samples once for this code in ${seconds} s (kept in ${path.relative(REPO, folder)})`);
  }
  project.provide('publicSamples', folder);
}

/** Every JSON sample, sub-folders included, as `2.0/json/petstore.json`, sorted. */
async function jsonSamples(): Promise<string[]> {
  const found: string[] = [];
  for (const version of ['2.0', '3.0', '3.1']) {
    const entries = await readdir(path.join(OAS_EXAMPLES, version, 'json'), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.json'))
        found.push(path.relative(OAS_EXAMPLES, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  return found.sort();
}

/**
 * Ingests each sample as `oas/<sample>` of one project, as the tests did, and writes the folder
 * under a temporary name first: a run that reads it never sees half of it.
 */
async function ingestInto(folder: string): Promise<void> {
  await mkdir(CACHE, { recursive: true });
  const building = await mkdtemp(`${folder}.building-`);
  const base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'falcon-samples-')));
  try {
    const root = path.join(base, 'project');
    for (const version of ['2.0', '3.0', '3.1']) await cp(path.join(OAS_EXAMPLES, version), path.join(root, 'oas', version), { recursive: true });
    const specFile = path.join(root, '.falcon', 'spec.yaml');
    const entries: IngestedSampleEntry[] = [];
    for (const sample of await jsonSamples()) {
      await rm(specFile, { force: true });
      try {
        const { summary } = await ingestSpec(`oas/${sample}`, { projectRoot: root, signal: new AbortController().signal });
        const specCopy = path.join('specs', `${sample}.yaml`);
        await mkdir(path.dirname(path.join(building, specCopy)), { recursive: true });
        await writeFile(path.join(building, specCopy), await readFile(specFile));
        entries.push({ sample, summary, specFile: specCopy });
      } catch (caught) {
        const error = caught as Error;
        entries.push({ sample, error: { name: error.name, message: error.message, stack: error.stack ?? '' }, wroteSpec: await exists(specFile) });
      }
    }
    await writeFile(path.join(building, SAMPLE_INDEX), `${JSON.stringify(entries, null, 2)}\n`);
    await rename(building, folder).catch(async (error: NodeJS.ErrnoException) => {
      // Another run made the same folder meanwhile: it holds the same results.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      await rm(building, { recursive: true, force: true });
    });
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

async function cacheKey(): Promise<string> {
  const hash = createHash('sha256');
  const version = (JSON.parse(await readFile(path.join(OAS_EXAMPLES, 'package.json'), 'utf8')) as { version: string }).version;
  hash.update(`@readme/oas-examples ${version}\0node ${process.version}\0`);
  const files = ['package-lock.json', 'test/support/public-samples-setup.ts', 'test/support/public-samples.ts'];
  for (const source of await sourcesRun(INGEST_SPEC)) files.push(path.relative(REPO, source));
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(await readFile(path.join(REPO, file)));
    hash.update('\0');
  }
  return `${version}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * `entry` and the source files it runs: what it imports (`from`, `import()`) and the workers it
 * starts (`new URL('./x.js', import.meta.url)`), followed through.
 */
async function sourcesRun(entry: string): Promise<string[]> {
  const found = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (found.has(file)) return;
    found.add(file);
    const text = await readFile(file, 'utf8');
    const named = [...text.matchAll(/(?:from|import\s*\(?|new URL\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
    for (const specifier of named) {
      const stem = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '');
      const source = [`${stem}.ts`, `${stem}.tsx`].find((candidate) => existsSync(candidate));
      if (source) await visit(source);
    }
  };
  await visit(entry);
  return [...found];
}

/** Folders of other code, left by earlier runs, once nobody can be reading them any more. */
async function removeStale(keep: string): Promise<void> {
  for (const name of await readdir(CACHE).catch(() => [] as string[])) {
    const folder = path.join(CACHE, name);
    if (!name.startsWith('public-samples-') || folder === keep) continue;
    const modified = await stat(folder).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_MS) await rm(folder, { recursive: true, force: true });
  }
}

function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
