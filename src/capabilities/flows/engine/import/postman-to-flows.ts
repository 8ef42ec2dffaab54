import { asArray, asObject, asString, type JsonObject } from '../../../../engines/spec/json-values.js';
import { postmanAuth, postmanRequest, type PostmanContext } from '../../../../engines/spec/postman-request.js';
import { isPostmanCollection, postmanToSpec } from '../../../../engines/spec/postman-to-spec.js';
import type { SecurityRequirement } from '../../../../engines/spec/spec-format.js';
import type { Flow, RequestStep } from '../../../../engines/flow-files/flow-format.js';
import { flowRequestOf } from './postman-flow-request.js';
import { postmanStatusTests } from './postman-status-tests.js';

/** A flow made from a collection, with what could not be carried over. */
export interface ImportedFlow {
  flow: Flow;
  notes: string[];
}

export class FlowImportError extends Error {
  override name = 'FlowImportError';
}

/**
 * A Postman collection (v2.0/v2.1) as flows: one per folder that holds requests (named by its path),
 * and one named after the collection for the requests outside any folder. Collection variables become
 * each flow's `vars` (a secret-named one masked by the spec reader); `{{var}}` stays as written.
 */
export function postmanToFlows(document: JsonObject, source: string): ImportedFlow[] {
  if (!isPostmanCollection(document)) throw new FlowImportError(`${source}: not a Postman collection (v2.0 or v2.1)`);
  const spec = postmanToSpec({ document, source, location: source });
  const context: PostmanContext = { ids: new Set(), servers: new Set(), securitySchemes: {} };
  const groups = new Map<string, ImportedFlow>();
  const walk = (items: unknown, folders: string[], auth: SecurityRequirement[], authBlock: unknown): void => {
    for (const item of asArray(items).map(asObject)) {
      if (!item) continue;
      const ownAuth = item.auth === undefined ? auth : postmanAuth(item.auth, context);
      const ownBlock = item.auth ?? authBlock;
      if (Array.isArray(item.item)) walk(item.item, [...folders, asString(item.name) ?? 'folder'], ownAuth, ownBlock);
      else if (item.request !== undefined) addStep(groupFor(folders), item, folders, ownAuth, ownBlock);
    }
  };
  const groupFor = (folders: string[]): ImportedFlow => {
    const name = folders.length > 0 ? folders.join(' / ') : spec.title;
    let group = groups.get(name);
    if (!group) {
      group = { flow: { name, ...(spec.variables && { vars: { ...spec.variables } }), steps: [] }, notes: [] };
      groups.set(name, group);
    }
    return group;
  };
  const addStep = (group: ImportedFlow, item: JsonObject, folders: string[], auth: SecurityRequirement[], authBlock: unknown): void => {
    const operation = postmanRequest(item, folders, auth, context);
    const { request, notes } = flowRequestOf(item, operation, context.securitySchemes, authBlock);
    const tests = postmanStatusTests(item);
    const step: RequestStep = {
      name: operation.summary ?? operation.id,
      request,
      ...(tests.statusCode !== undefined && { assertions: { status_code: tests.statusCode } }),
    };
    group.flow.steps.push(step);
    group.notes.push(...notes.map((note) => `${step.name}: ${note}`), ...tests.notConverted.map((test) => `${step.name}: not converted: test "${test}"`));
  };
  walk(document.item, [], postmanAuth(document.auth, context), document.auth);
  return [...groups.values()];
}
