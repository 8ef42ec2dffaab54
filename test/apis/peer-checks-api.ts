import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { CheckName } from '../../src/engines/testing/test-run.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { routeRequests } from './nonconforming-api/routes.js';
import { authRoutes } from './peer-checks-api/auth-routes.js';
import { catalogRoutes } from './peer-checks-api/catalog-routes.js';
import { peopleRoutes } from './peer-checks-api/people-routes.js';
import { resourceRoutes } from './peer-checks-api/resource-routes.js';
import { loadPeerValidators } from './peer-checks-api/validators.js';

export { PEER_API_KEY, PEER_TOKEN } from './peer-checks-api/auth-routes.js';

export const PEER_CHECKS_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/peer-checks-3.0.yaml', import.meta.url));

export interface PeerDefect {
  /** The operation whose case catches it. */
  operationId: string;
  check: CheckName;
  /** The case that catches it. */
  caseId: string;
  /** The operations of its conforming twin, which must pass. */
  twin: string[];
}

/** Each planted defect, the one case and check that must catch it, and its conforming twin. */
export const PEER_DEFECTS: PeerDefect[] = [
  { operationId: 'getDiary', check: 'ignored_auth', caseId: 'getDiary/probe/no-credentials', twin: ['getVault', 'getArchive'] },
  { operationId: 'getJournal', check: 'ignored_auth', caseId: 'getJournal/probe/invalid-credentials', twin: ['getVault', 'getArchive'] },
  { operationId: 'getNote', check: 'delete_effective', caseId: 'getNote/stateful/read-deleted', twin: ['createMemo', 'getMemo', 'deleteMemo'] },
  { operationId: 'getTicket', check: 'ensure_resource_availability', caseId: 'getTicket/stateful/read-created', twin: ['createBadge', 'getBadge'] },
  { operationId: 'listWidgets', check: 'unsupported_method', caseId: 'listWidgets/probe/put-undocumented', twin: ['listGadgets'] },
  { operationId: 'createSignup', check: 'positive_data_acceptance', caseId: 'createSignup/happy/required-only', twin: ['createRegistration'] },
];

/** The operations that follow the spec, the twins. */
export const PEER_TWINS: string[] = [
  'getVault',
  'getArchive',
  'createMemo',
  'getMemo',
  'deleteMemo',
  'createBadge',
  'getBadge',
  'listGadgets',
  'createRegistration',
];

/**
 * The API of PEER_CHECKS_SPEC_FILE on loopback: secured operations (the token and key are
 * PEER_TOKEN and PEER_API_KEY), collections to create, read and delete in, lists, and
 * registrations, each planted defect beside its twin. Unknown paths get 404, undocumented methods
 * of a known path 405 (but on /widgets). Each start has its own data, empty.
 */
export async function startPeerChecksApi(): Promise<SpecServer> {
  const validators = await loadPeerValidators(PEER_CHECKS_SPEC_FILE);
  const server = createServer(
    routeRequests([
      ...authRoutes(),
      ...resourceRoutes(validators, { collection: '/memos', deletes: true }),
      ...resourceRoutes(validators, { collection: '/notes', deletes: true, deleteKeeps: true }),
      ...resourceRoutes(validators, { collection: '/badges', deletes: false }),
      ...resourceRoutes(validators, { collection: '/tickets', deletes: false, answersWrongId: true }),
      ...catalogRoutes(),
      ...peopleRoutes(validators),
    ]),
  );
  const url = await listenOnLoopback(server);
  return { url, specFile: PEER_CHECKS_SPEC_FILE, close: () => closeServer(server) };
}
