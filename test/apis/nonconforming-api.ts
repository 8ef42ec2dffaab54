import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { CheckName } from '../../src/engines/testing/test-run.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { defectRoutes } from './nonconforming-api/defect-routes.js';
import { itemRoutes } from './nonconforming-api/item-routes.js';
import { sendJson } from './nonconforming-api/json-exchange.js';
import { orderRoutes } from './nonconforming-api/order-routes.js';
import { routeRequests } from './nonconforming-api/routes.js';
import { loadSpecValidators } from './nonconforming-api/spec-validators.js';

export { RESPONSE_TIME_LIMIT_MS, SLOW_RESPONSE_MS } from './nonconforming-api/defect-routes.js';

export const NONCONFORMING_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/nonconforming-3.0.yaml', import.meta.url));

export interface PlantedDefect {
  operationId: string;
  /** The one check that must catch it. */
  check: CheckName;
}

/** Each operation that breaks its spec, and how: one defect each, one operation per check. */
export const PLANTED_DEFECTS: PlantedDefect[] = [
  { operationId: 'getStats', check: 'not_a_server_error' },
  { operationId: 'listAnnouncements', check: 'status_code_conformance' },
  { operationId: 'getProfile', check: 'content_type_conformance' },
  { operationId: 'listUsers', check: 'response_schema_conformance' },
  { operationId: 'getQuota', check: 'response_headers_conformance' },
  { operationId: 'createLegacyOrder', check: 'negative_data_rejection' },
  { operationId: 'getDailyReport', check: 'max_response_time' },
];

/** Operations that follow the spec for every input, valid or not. */
export const CONFORMING_OPERATIONS: string[] = ['getHealth', 'listItems', 'createItem', 'getItem', 'replaceItem', 'deleteItem', 'createOrder'];

/**
 * Falcon's own API on loopback, described by NONCONFORMING_SPEC_FILE. Items start with one,
 * id 1; each start has its own.
 */
export async function startNonconformingApi(): Promise<SpecServer> {
  const validators = await loadSpecValidators(NONCONFORMING_SPEC_FILE);
  const server = createServer(
    routeRequests([
      { method: 'GET', path: '/health', handle: (_req, res) => sendJson(res, 200, { status: 'ok' }) },
      ...itemRoutes(validators),
      ...orderRoutes(validators),
      ...defectRoutes(),
    ]),
  );
  const url = await listenOnLoopback(server);
  return { url, specFile: NONCONFORMING_SPEC_FILE, close: () => closeServer(server) };
}
