import { existsSync } from 'node:fs';
import { falconPath } from '../../workspace/falcon-dir.js';
import { asArray, asObject } from './json-values.js';
import { SpecError } from './spec-error.js';
import { inlineSharedSchemas, type StoredSpec } from './shared-schemas.js';
import { SPEC_FORMAT, type FalconSpec } from './spec-format.js';
import { parseSpecYaml, readSpecFile } from './spec-text.js';

/** Falcon's copy of the API spec, inside `.falcon/`. */
export const SPEC_FILE = 'spec.yaml';

/** `.falcon/spec.yaml` as a whole; `undefined` when no spec was ingested. */
export async function readIngestedSpec(projectRoot: string, signal = new AbortController().signal): Promise<FalconSpec | undefined> {
  const file = falconPath(projectRoot, SPEC_FILE);
  if (!existsSync(file)) return undefined;
  return parseIngestedSpec(await readSpecFile(file, `.falcon/${SPEC_FILE}`), `.falcon/${SPEC_FILE}`, signal);
}

/**
 * Checks the parts every reader relies on (the rest is trusted as ingest wrote it) and puts the
 * shared schemas in place.
 */
export async function parseIngestedSpec(text: string, shown: string, signal: AbortSignal): Promise<FalconSpec> {
  const spec = asObject(await parseSpecText(text, shown, signal));
  if (spec?.format !== SPEC_FORMAT) {
    throw new SpecError(`${shown}: format is ${String(spec?.format)}, expected ${SPEC_FORMAT}; ingest the spec again`);
  }
  const broken = asArray(spec.operations).findIndex((operation) => {
    const object = asObject(operation);
    return !object || typeof object.method !== 'string' || typeof object.path !== 'string' || typeof object.id !== 'string' || !asObject(object.responses);
  });
  if (!Array.isArray(spec.operations) || broken !== -1) {
    throw new SpecError(
      `${shown}: ${broken === -1 ? 'no operations list' : `operation ${broken + 1} lacks id, method, path or responses`}; ingest the spec again`,
    );
  }
  return inlineSharedSchemas(spec as unknown as StoredSpec, shown);
}

/** JSON after the `#` header lines, as ingest writes it; YAML (slower by far) for a file a person rewrote. */
async function parseSpecText(text: string, shown: string, signal: AbortSignal): Promise<unknown> {
  const start = jsonStart(text);
  if (start !== undefined) {
    try {
      return JSON.parse(text.slice(start));
    } catch {
      // A person edited it into something else: YAML reads it, or says what is wrong.
    }
  }
  try {
    return await parseSpecYaml(text, shown, signal);
  } catch (error) {
    if ((error as Error).name === 'SpecError') throw error;
    throw new SpecError(`${shown}: not valid YAML (${(error as Error).message.split('\n')[0]}); ingest the spec again`);
  }
}

/** Where the JSON starts: after any `#` comment lines, at a `{`; undefined when the text is not that. */
function jsonStart(text: string): number | undefined {
  let index = 0;
  while (text.startsWith('#', index)) {
    const end = text.indexOf('\n', index);
    if (end === -1) return undefined;
    index = end + 1;
  }
  return text.startsWith('{', index) ? index : undefined;
}
