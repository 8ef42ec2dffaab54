import { describe, expect, it } from 'vitest';
import { useAfterFree } from '../../../../src/engines/testing/checks/use-after-free.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { answer, caseOf, contextOf, findingsOf } from './check-context-fixture.js';

const DELETE_STEP = 'deleteThing/stateful/delete-before-change';
const afterDelete = (method: string, state: 'created' | 'deleted' = 'deleted'): TestCase =>
  caseOf('stateful', { request: { method, path: '/things/{id}', pathParams: { id: 1 } }, resource: { state, by: DELETE_STEP } });
const after = (status: number) => ({
  earlier: new Map([
    ['createThing/stateful/create-to-delete', 201],
    [DELETE_STEP, status],
  ]),
});

describe('use_after_free', () => {
  it('fires when a PUT, PATCH or DELETE after a successful DELETE still succeeds on the resource', () => {
    expect(findingsOf(useAfterFree, contextOf(afterDelete('PATCH'), answer(200), after(204)))).toEqual([
      { kind: 'use_after_free', message: `PATCH answered 200 for a resource deleted by ${DELETE_STEP} (which answered 204): expected 404 or 410` },
    ]);
    expect(findingsOf(useAfterFree, contextOf(afterDelete('PUT'), answer(204), after(200)))).toHaveLength(1);
    expect(findingsOf(useAfterFree, contextOf(afterDelete('DELETE'), answer(204), after(204)))).toHaveLength(1);
  });

  it('takes a PUT that made the resource anew (201 Created) as PUT may', () => {
    expect(findingsOf(useAfterFree, contextOf(afterDelete('PUT'), answer(201), after(204)))).toEqual([]);
    expect(findingsOf(useAfterFree, contextOf(afterDelete('PATCH'), answer(201), after(204)))).toHaveLength(1);
  });

  it('is quiet when the change is refused, the DELETE did not succeed, was only accepted (202), or is not known', () => {
    for (const status of [404, 410, 400, 409, 500])
      expect(findingsOf(useAfterFree, contextOf(afterDelete('PATCH'), answer(status), after(204))), String(status)).toEqual([]);
    for (const status of [404, 500, 202])
      expect(findingsOf(useAfterFree, contextOf(afterDelete('PATCH'), answer(200), after(status))), String(status)).toEqual([]);
    expect(findingsOf(useAfterFree, contextOf(afterDelete('PATCH'), answer(200)))).toEqual([]);
  });

  it('judges only changes of a deleted resource: the read after the delete is delete_effective’s', () => {
    expect(findingsOf(useAfterFree, contextOf(afterDelete('GET'), answer(200), after(204)))).toEqual([]);
    expect(findingsOf(useAfterFree, contextOf(afterDelete('PATCH', 'created'), answer(200), after(204)))).toEqual([]);
    expect(findingsOf(useAfterFree, contextOf(caseOf('happy', { request: { method: 'PATCH', path: '/things/1' } }), answer(200), after(204)))).toEqual([]);
  });
});
