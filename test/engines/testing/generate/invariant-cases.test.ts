import { describe, expect, it } from 'vitest';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { CHECK_NAMES } from '../../../../src/engines/testing/test-run.js';
import { caseOf, ingestedSpec } from './generation-fixtures.js';

describe('the cases the invariant checks judge', () => {
  it("reads a chain's PUT and PATCH back with its GET of the same object", async () => {
    const spec = await ingestedSpec('invariants-3.0.yaml');
    const cases = await generateCases(spec, spec.operations, { strategies: ['stateful'] });
    for (const id of ['replaceMember/stateful/replace-created', 'updateMember/stateful/update-created']) {
      expect(caseOf(cases, id).readBack, id).toEqual({
        operationId: 'getMember',
        request: { method: 'GET', path: '/members/{memberId}', pathParams: { memberId: '{{memberId}}' }, headers: { Accept: 'application/json' } },
      });
    }
    for (const id of ['createMember/stateful/create', 'getMember/stateful/read-created', 'deleteMember/stateful/delete-created']) {
      expect(caseOf(cases, id), id).not.toHaveProperty('readBack');
    }
  });

  it('changes a resource after deleting it, in a chain of its own: PATCH before PUT, only what documents a 404 or 410', async () => {
    const spec = await ingestedSpec('invariants-3.0.yaml');
    const cases = await generateCases(spec, spec.operations, { strategies: ['stateful'] });
    const chain = cases.filter((testCase) => testCase.chain?.id === 'createMember/stateful/chain-memberId-after-delete');
    expect(chain.map((testCase) => [testCase.id, testCase.name, testCase.resource])).toEqual([
      ['createMember/stateful/create-to-delete', 'POST /members creates a resource to delete, then change (step 1 of 4)', undefined],
      [
        'deleteMember/stateful/delete-before-change',
        'DELETE /members/{memberId} deletes it (step 2 of 4)',
        { state: 'created', by: 'createMember/stateful/create-to-delete' },
      ],
      [
        'updateMember/stateful/update-deleted',
        'PATCH /members/{memberId} updates it after the delete (step 3 of 4)',
        { state: 'deleted', by: 'deleteMember/stateful/delete-before-change' },
      ],
      [
        'replaceMember/stateful/replace-deleted',
        'PUT /members/{memberId} replaces it after the delete (step 4 of 4)',
        { state: 'deleted', by: 'deleteMember/stateful/delete-before-change' },
      ],
    ]);
    expect(chain[0]!.extract).toEqual({ memberId: '$.id' });
    for (const step of chain.slice(1)) expect(step.request.pathParams).toEqual({ memberId: '{{memberId}}' });
    // A refusal is what is expected, whichever: use_after_free judges a success.
    for (const step of chain) expect(step).not.toHaveProperty('expectStatus');
    const crud = await ingestedSpec('generate-crud-3.0.yaml');
    const crudCases = await generateCases(crud, crud.operations, { strategies: ['stateful'] });
    expect(crudCases.filter((testCase) => testCase.chain?.id.endsWith('-after-delete'))).toEqual([]);
  });

  it('walks each paginated list when pagination_consistency is on and chains are sent', async () => {
    const spec = await ingestedSpec('invariants-3.0.yaml');
    const walks = async (options: Parameters<typeof generateCases>[2]) =>
      (await generateCases(spec, spec.operations, options))
        .filter((testCase) => testCase.walk)
        .map((testCase) => [testCase.id, testCase.name, testCase.request.query]);
    expect(await walks({ checks: CHECK_NAMES })).toEqual([
      ['listMembers/probe/walk-pages', 'GET /members walked page by page (page from 1)', { page: 1, pageSize: 2 }],
      ['listEvents/probe/walk-pages', 'GET /events walked page by page (offset from 0)', { offset: 0, limit: 2 }],
      ['listLogs/probe/walk-pages', 'GET /logs walked page by page (cursor from each page)', { limit: 2 }],
      ['listTags/probe/walk-pages', 'GET /tags walked page by page (the Link header)', { per_page: 2 }],
    ]);
    expect(await walks({ checks: CHECK_NAMES.filter((name) => name !== 'pagination_consistency') })).toEqual([]);
    expect(await walks({ checks: CHECK_NAMES, strategies: ['happy', 'negative', 'boundary'] })).toEqual([]);
    const [walk] = (await generateCases(spec, spec.operations, { checks: ['pagination_consistency'], strategies: ['stateful'] })).filter(
      (testCase) => testCase.walk,
    );
    expect(walk).toMatchObject({ kind: 'probe', probe: 'pagination_consistency', operationId: 'listMembers' });
  });
});
