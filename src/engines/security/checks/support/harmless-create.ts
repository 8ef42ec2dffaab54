import { asObject } from '../../../spec/json-values.js';
import type { FalconSpec, SpecOperation } from '../../../spec/spec-format.js';
import { flattenSchema } from '../../../testing/generate/schema-shape.js';
import { administrativeReason } from './administrative-operation.js';
import { isAuthPath, isConsequentialPath } from './consequential-path.js';
import { readsByName } from './reads-by-name.js';

/** A field the server would fetch or call: creating with it sends the server to someone's URL. */
const URL_FIELD = /(url|uri|link|callback|webhook|endpoint|host)s?$/i;

/**
 * The POST that creates an object of `collection` for the caller and does nothing else: not a login
 * or sign-up, not administrative, not a search or lookup by its name, not a path that pays or sends,
 * and no URL in its body for the server to fetch. Undefined when the spec has none.
 */
export function harmlessCreate(operations: readonly SpecOperation[], collection: string, spec: FalconSpec): SpecOperation | undefined {
  return operations.find(
    (operation) =>
      operation.method === 'POST' &&
      operation.path.replace(/\/+$/, '') === collection &&
      !isAuthPath(operation.path) &&
      !isConsequentialPath(operation.path) &&
      administrativeReason(operation) === undefined &&
      !readsByName(operation) &&
      !takesUrl(operation, spec),
  );
}

function takesUrl(operation: SpecOperation, spec: FalconSpec): boolean {
  return Object.values(operation.requestBody?.content ?? {}).some((media) => {
    const properties = asObject(flattenSchema(media.schema, spec).properties) ?? {};
    return Object.entries(properties).some(([name, property]) => URL_FIELD.test(name) || /^(uri|url|iri)$/.test(String(flattenSchema(property, spec).format)));
  });
}
