import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { createAjv } from '../../../src/engines/assertions/json-schema.js';

/** Checks input against the spec's own schemas, so the conforming endpoints reject exactly what it forbids. */
export interface SpecValidators {
  newItem(body: unknown): boolean;
  newOrder(body: unknown): boolean;
  /** The path parameter as a number, or undefined when the spec forbids it. */
  itemId(raw: string): number | undefined;
  limit(raw: string): number | undefined;
}

const SPEC_ID = 'nonconforming-spec.json';

export async function loadSpecValidators(specFile: string): Promise<SpecValidators> {
  const document = parse(await readFile(specFile, 'utf8')) as { components: unknown };
  const ajv = await createAjv('07');
  ajv.addSchema({ $id: SPEC_ID, components: document.components });
  const validator = (pointer: string) => {
    const validate = ajv.compile({ $ref: `${SPEC_ID}#${pointer}` });
    return (value: unknown) => validate(value);
  };
  const integer = (pointer: string) => {
    const valid = validator(pointer);
    return (raw: string) => {
      const value = /^-?\d+$/.test(raw) ? Number(raw) : undefined;
      return value !== undefined && valid(value) ? value : undefined;
    };
  };
  return {
    newItem: validator('/components/schemas/NewItem'),
    newOrder: validator('/components/schemas/NewOrder'),
    itemId: integer('/components/parameters/ItemId/schema'),
    limit: integer('/components/parameters/Limit/schema'),
  };
}
