import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { createAjv } from '../../src/engines/assertions/json-schema.js';

const SPEC_ID = 'spec.json';

/**
 * A validator for any schema of a spec's components, by JSON pointer (`/components/schemas/NewItem`):
 * test APIs check their input with the spec's own schemas, so their conforming endpoints refuse
 * exactly what the spec forbids.
 */
export async function specComponentValidator(specFile: string): Promise<(pointer: string) => (value: unknown) => boolean> {
  const document = parse(await readFile(specFile, 'utf8')) as { components: unknown };
  const ajv = await createAjv('07');
  ajv.addSchema({ $id: SPEC_ID, components: document.components });
  return (pointer) => {
    const validate = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
    return (value) => validate(value);
  };
}
