import { describe, expect, it } from 'vitest';
import { deleteEffective } from '../../../../src/engines/testing/checks/delete-effective.js';
import { answer, caseOf, contextOf, findingsOf } from './check-context-fixture.js';

const DELETE_STEP = 'deleteThing/stateful/delete-created';
const reread = caseOf('stateful', { resource: { state: 'deleted', by: DELETE_STEP }, expectStatus: [404] });
const after = (status: number) => ({
  earlier: new Map([
    ['createThing/stateful/create', 201],
    [DELETE_STEP, status],
  ]),
});

describe('delete_effective', () => {
  it('fires when the read after a successful DELETE still finds the resource', () => {
    expect(findingsOf(deleteEffective, contextOf(reread, answer(200), after(204)))).toEqual([
      { kind: 'delete_effective', message: `answered 200 for a resource deleted by ${DELETE_STEP} (which answered 204): expected it gone (404 or 410)` },
    ]);
    expect(findingsOf(deleteEffective, contextOf(reread, answer(204), after(200)))).toHaveLength(1);
    const head = caseOf('stateful', { request: { method: 'HEAD', path: '/things/{id}' }, resource: { state: 'deleted', by: DELETE_STEP } });
    expect(findingsOf(deleteEffective, contextOf(head, answer(200), after(204)))).toHaveLength(1);
  });

  it('is quiet when the resource is gone or the answer is no success', () => {
    for (const status of [404, 410, 400, 302, 500])
      expect(findingsOf(deleteEffective, contextOf(reread, answer(status), after(204))), String(status)).toEqual([]);
  });

  it('is quiet when the DELETE did not succeed, was only accepted (202), or is not known', () => {
    for (const status of [404, 500, 202]) expect(findingsOf(deleteEffective, contextOf(reread, answer(200), after(status))), String(status)).toEqual([]);
    expect(findingsOf(deleteEffective, contextOf(reread, answer(200)))).toEqual([]);
  });

  it('judges only reads of a deleted resource: its changes are use_after_free’s', () => {
    expect(findingsOf(deleteEffective, contextOf(caseOf('stateful', { resource: { state: 'created', by: DELETE_STEP } }), answer(200), after(204)))).toEqual(
      [],
    );
    expect(findingsOf(deleteEffective, contextOf(caseOf('happy'), answer(200), after(204)))).toEqual([]);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const change = caseOf('stateful', { request: { method, path: '/things/{id}' }, resource: { state: 'deleted', by: DELETE_STEP } });
      expect(findingsOf(deleteEffective, contextOf(change, answer(200), after(204))), method).toEqual([]);
    }
  });
});
