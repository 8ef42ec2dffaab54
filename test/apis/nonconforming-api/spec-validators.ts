import { specComponentValidator } from '../spec-component-validator.js';

/** Checks input against the spec's own schemas, so the conforming endpoints reject exactly what it forbids. */
export interface SpecValidators {
  newItem(body: unknown): boolean;
  newOrder(body: unknown): boolean;
  /** The path parameter as a number, or undefined when the spec forbids it. */
  itemId(raw: string): number | undefined;
  limit(raw: string): number | undefined;
}

export async function loadSpecValidators(specFile: string): Promise<SpecValidators> {
  const validator = await specComponentValidator(specFile);
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
