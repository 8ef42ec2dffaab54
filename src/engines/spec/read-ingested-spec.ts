import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { falconPath } from '../../workspace/falcon-dir.js';
import { SPEC_FILE } from './ingest-spec.js';
import { asArray, asObject } from './json-values.js';
import { SpecError } from './spec-error.js';
import { SPEC_FORMAT, type FalconSpec } from './spec-format.js';

/** `.falcon/spec.yaml` as a whole; `undefined` when no spec was ingested. */
export async function readIngestedSpec(projectRoot: string): Promise<FalconSpec | undefined> {
  let text: string;
  try {
    text = await readFile(falconPath(projectRoot, SPEC_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseIngestedSpec(text, `.falcon/${SPEC_FILE}`);
}

/** Checks the parts every reader relies on; the rest is trusted as ingest wrote it. */
export function parseIngestedSpec(text: string, shown: string): FalconSpec {
  let spec;
  try {
    spec = asObject(parse(text, { maxAliasCount: -1 }));
  } catch (error) {
    throw new SpecError(`${shown}: not valid YAML (${(error as Error).message.split('\n')[0]}); ingest the spec again`);
  }
  if (spec?.format !== SPEC_FORMAT) {
    throw new SpecError(`${shown}: format is ${String(spec?.format)}, expected ${SPEC_FORMAT}; ingest the spec again`);
  }
  const broken = asArray(spec.operations).findIndex((operation) => {
    const object = asObject(operation);
    return !object || typeof object.method !== 'string' || typeof object.path !== 'string' || typeof object.id !== 'string' || !asObject(object.responses);
  });
  if (!Array.isArray(spec.operations) || broken !== -1) {
    throw new SpecError(`${shown}: ${broken === -1 ? 'no operations list' : `operation ${broken + 1} lacks id, method, path or responses`}; ingest the spec again`);
  }
  return spec as unknown as FalconSpec;
}
