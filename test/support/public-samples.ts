// The public spec samples as the unit project's globalSetup (public-samples-setup.ts) ingested them,
// once per run: what `falcon spec ingest` made of each, read back as every reader of spec.yaml reads it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { parseIngestedSpec } from '../../src/engines/spec/read-ingested-spec.js';
import type { FalconSpec } from '../../src/engines/spec/spec-format.js';
import { type IngestedSampleEntry, OAS_EXAMPLES, SAMPLE_INDEX } from './public-samples-setup.js';

export { OAS_EXAMPLES };

export type IngestedSample =
  | { sample: string; ingested: true; summary: string; /** The text of the spec.yaml written. */ specText: string }
  | {
      sample: string;
      ingested: false;
      error: { name: string; message: string; stack: string };
      /** Whether a spec.yaml was there after it failed. */ wroteSpec: boolean;
    };

let loaded: Promise<IngestedSample[]> | undefined;

/** Every JSON sample of @readme/oas-examples (2.0, 3.0 and 3.1, sub-folders included), in path order. */
export function ingestedSamples(): Promise<IngestedSample[]> {
  loaded ??= load();
  return loaded;
}

/** A sample ingestSpec accepted, as `oas/<sample>` of a project: its spec.yaml read back, and the summary. */
export async function ingestedSample(sample: string): Promise<{ spec: FalconSpec; summary: string }> {
  const found = (await ingestedSamples()).find((entry) => entry.sample === sample);
  if (!found) throw new Error(`no public sample ${sample}`);
  if (!found.ingested) throw new Error(`${sample} was refused: ${found.error.message}`);
  return { spec: await parseIngestedSpec(found.specText, `.falcon/spec.yaml of ${sample}`, new AbortController().signal), summary: found.summary };
}

let openApiSamples: Promise<{ file: string; spec: FalconSpec }[]> | undefined;

/**
 * The OpenAPI 3.0 and 3.1 samples (the top folders: 53 of them), each as `3.0/json/petstore.json`
 * and its spec. The same specs for every test file of a worker, so that what is made of a spec once
 * (its schemas compiled) serves them all: frozen, so that none can change them for the next.
 */
export function publicOpenApiSamples(): Promise<{ file: string; spec: FalconSpec }[]> {
  openApiSamples ??= ingestedSamples().then((entries) =>
    Promise.all(
      entries
        .filter((entry) => /^3\.[01]\/json\/[^/]+\.json$/.test(entry.sample))
        .map(async (entry) => ({ file: entry.sample, spec: deepFrozen((await ingestedSample(entry.sample)).spec) })),
    ),
  );
  return openApiSamples;
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFrozen(member);
  }
  return value;
}

async function load(): Promise<IngestedSample[]> {
  const folder = inject('publicSamples');
  if (!folder)
    throw new Error('the public samples were not ingested: run this test in the unit project (vitest --project unit), whose globalSetup ingests them');
  const entries = JSON.parse(await readFile(path.join(folder, SAMPLE_INDEX), 'utf8')) as IngestedSampleEntry[];
  return Promise.all(
    entries.map(async (entry): Promise<IngestedSample> =>
      'error' in entry
        ? { sample: entry.sample, ingested: false, error: entry.error, wroteSpec: entry.wroteSpec }
        : { sample: entry.sample, ingested: true, summary: entry.summary, specText: await readFile(path.join(folder, entry.specFile), 'utf8') },
    ),
  );
}
