import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { falconPath } from '../../workspace/falcon-dir.js';
import { asArray, asObject, asString } from './json-values.js';
import { SPEC_FILE } from './ingest-spec.js';
import { SpecError } from './spec-error.js';
import { SPEC_FORMAT } from './spec-format.js';

export interface SpecStatus {
  source: string;
  kind: string;
  title: string;
  operationCount: number;
  ingestedAt: string;
}

/** What `.falcon/spec.yaml` holds, or `undefined` when no spec was ingested. */
export async function readSpecStatus(projectRoot: string): Promise<SpecStatus | undefined> {
  let text: string;
  try {
    text = await readFile(falconPath(projectRoot, SPEC_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let spec;
  try {
    spec = asObject(parse(text, { maxAliasCount: -1 }));
  } catch (error) {
    throw new SpecError(`.falcon/${SPEC_FILE}: not valid YAML (${(error as Error).message.split('\n')[0]}); ingest the spec again`);
  }
  if (spec?.format !== SPEC_FORMAT) {
    throw new SpecError(`.falcon/${SPEC_FILE}: format is ${String(spec?.format)}, expected ${SPEC_FORMAT}; ingest the spec again`);
  }
  return {
    source: asString(spec.source) ?? '?',
    kind: asString(spec.kind) ?? '?',
    title: asString(spec.title) ?? '?',
    operationCount: asArray(spec.operations).length,
    ingestedAt: asString(spec.ingestedAt) ?? '?',
  };
}
