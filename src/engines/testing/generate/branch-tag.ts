import { asObject } from '../../spec/json-values.js';
import { sharedSchemaName } from '../../spec/shared-schemas.js';
import type { JsonSchema } from '../../spec/spec-format.js';
import { specSchemaName } from '../spec-schema/spec-schema-ref.js';

/** The property a `discriminator` names and the value that picks one branch. */
export interface BranchTag {
  property: string;
  value: string;
}

/**
 * The tag that picks `branch` of a schema with a `discriminator`: the key of its `mapping` naming
 * the branch's schema, else that schema's name (OpenAPI's implicit mapping). Undefined without a
 * discriminator, and for a branch written in place, whose own schema says its tag.
 */
export function branchTag(schema: JsonSchema, branch: unknown): BranchTag | undefined {
  const discriminator = asObject(schema.discriminator);
  const property = discriminator?.propertyName;
  const name = specSchemaName(asObject(branch) ?? {}) ?? sharedSchemaName(branch);
  if (typeof property !== 'string' || name === undefined) return undefined;
  const mapping = Object.entries(asObject(discriminator?.mapping) ?? {});
  const mapped = mapping.find(([, target]) => typeof target === 'string' && (target === name || target.split('/').at(-1) === name));
  return { property, value: mapped?.[0] ?? name };
}
