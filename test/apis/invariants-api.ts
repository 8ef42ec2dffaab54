import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { CheckName } from '../../src/engines/testing/test-run.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { listRoutes } from './invariants-api/lists.js';
import { memberRoutes } from './invariants-api/members.js';
import { projectRoutes } from './invariants-api/projects.js';
import { routeRequests } from './nonconforming-api/routes.js';
import { specComponentValidator } from './spec-component-validator.js';

export const INVARIANTS_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/invariants-3.0.yaml', import.meta.url));

export interface InvariantDefect {
  check: CheckName;
  /** A case that catches it. */
  caseId: string;
  /** What is planted, in words. */
  planted: string;
}

/** Each defect the planted API has, and a case of `falcon test` that must catch it by its check. */
export const INVARIANT_DEFECTS: InvariantDefect[] = [
  { check: 'pagination_consistency', caseId: 'listMembers/probe/walk-pages', planted: 'page 2 starts one member early; the total counts one too many' },
  { check: 'pagination_consistency', caseId: 'listEvents/probe/walk-pages', planted: 'an offset past the end answers the last page again' },
  { check: 'pagination_consistency', caseId: 'listLogs/probe/walk-pages', planted: "each page starts with the cursor's own item" },
  { check: 'pagination_consistency', caseId: 'listTags/probe/walk-pages', planted: 'X-Total-Count counts one tag too few' },
  { check: 'write_read_consistency', caseId: 'getMember/stateful/read-created', planted: 'the birth date is stored a day off' },
  { check: 'write_read_consistency', caseId: 'replaceMember/stateful/replace-created', planted: 'a PUT stores the member without its nickname' },
  { check: 'delete_effective', caseId: 'getMember/stateful/read-deleted', planted: 'a member DELETE answers 204 and keeps the member' },
  { check: 'use_after_free', caseId: 'updateProject/stateful/update-deleted', planted: 'a deleted project can still be updated' },
];

/**
 * The API of INVARIANTS_SPEC_FILE on loopback, with its defects planted (INVARIANT_DEFECTS), or
 * as their conforming twin (`planted: false`): the same spec followed throughout, values stored the
 * same by meaning as they were sent (an email in lower case, a time in another zone, a uuid in
 * upper case). Invalid input is refused with 400, unknown ids with 404. Each start has its own data.
 */
export async function startInvariantsApi(options: { planted: boolean }): Promise<SpecServer> {
  const validator = await specComponentValidator(INVARIANTS_SPEC_FILE);
  const schema = (name: string) => validator(`/components/schemas/${name}`);
  const planted = options.planted;
  const server = createServer(
    routeRequests([
      ...memberRoutes(
        { newMember: schema('NewMember'), memberChanges: schema('MemberChanges') },
        { shiftsBirthDate: planted, dropsNicknameOnReplace: planted, deleteKeeps: planted, pagesOverlap: planted },
      ),
      ...projectRoutes({ newProject: schema('NewProject'), projectChanges: schema('ProjectChanges') }, { updatesDeleted: planted }),
      ...listRoutes({ offsetPastEndRepeats: planted, cursorIncludesItsItem: planted, tagTotalShort: planted }),
    ]),
  );
  const url = await listenOnLoopback(server);
  return { url, specFile: INVARIANTS_SPEC_FILE, close: () => closeServer(server) };
}
