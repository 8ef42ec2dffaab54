import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { createAjv } from '../../src/engines/assertions/json-schema.js';

const SPEC_ID = 'spec.json';

type ComponentValidator = (pointer: string) => (value: unknown) => boolean;

/** By spec file: every start of a test API checks against the same compiled schemas. */
const validators = new Map<string, Promise<ComponentValidator>>();

/**
 * A validator for any schema of a spec's components, by JSON pointer (`/components/schemas/NewItem`):
 * test APIs check their input with the spec's own schemas, so their conforming endpoints refuse
 * exactly what the spec forbids.
 */
export function specComponentValidator(specFile: string): Promise<ComponentValidator> {
  let validator = validators.get(specFile);
  if (!validator) validators.set(specFile, (validator = componentValidator(specFile)));
  return validator;
}

async function componentValidator(specFile: string): Promise<ComponentValidator> {
  const document = parse(await readFile(specFile, 'utf8')) as { components: unknown };
  const ajv = await createAjv('07');
  ajv.addSchema({ $id: SPEC_ID, components: document.components });
  const compiled = new Map<string, (value: unknown) => boolean>();
  return (pointer) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      const schema = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
      compiled.set(pointer, (validate = (value) => schema(value)));
    }
    return validate;
  };
}
