import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { createAjv } from '../../../src/engines/assertions/json-schema.js';

/** The spec's own schemas, so that the conforming endpoints refuse exactly what it forbids. */
export interface PeerValidators {
  newText(body: unknown): boolean;
  newPerson(body: unknown): boolean;
}

const SPEC_ID = 'peer-checks-spec.json';

export async function loadPeerValidators(specFile: string): Promise<PeerValidators> {
  const document = parse(await readFile(specFile, 'utf8')) as { components: unknown };
  const ajv = await createAjv('07');
  ajv.addSchema({ $id: SPEC_ID, components: document.components });
  const validator = (pointer: string) => {
    const validate = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
    return (value: unknown) => validate(value);
  };
  return { newText: validator('/components/schemas/NewText'), newPerson: validator('/components/schemas/NewPerson') };
}

/** A path id as the spec allows it (an integer of at least 1), else undefined. */
export function idOf(raw: string | undefined): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) && Number(raw) >= 1 && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
}
