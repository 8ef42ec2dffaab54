import { describe, expect, it } from 'vitest';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { ingestedSpec } from './generation-fixtures.js';

/** `step id → state by`: what each step of a chain says of the resource. */
async function resources(file: string, chainId: string): Promise<string[]> {
  const spec = await ingestedSpec(file);
  const cases = await generateCases(spec, spec.operations, { strategies: ['stateful'] });
  return cases
    .filter((testCase) => testCase.chain?.id === chainId)
    .map((testCase) => `${testCase.id} ${testCase.resource ? `${testCase.resource.state} by ${testCase.resource.by}` : '-'}`);
}

describe('what the steps of a chain say of its resource', () => {
  it('inferred chains: found after the create, up to and with the delete; gone after it', async () => {
    expect(await resources('generate-crud-3.0.yaml', 'createPet/stateful/chain-petId')).toEqual([
      'createPet/stateful/create -',
      'showPet/stateful/read-created created by createPet/stateful/create',
      'replacePet/stateful/replace-created created by createPet/stateful/create',
      'updatePet/stateful/update-created created by createPet/stateful/create',
      'deletePet/stateful/delete-created created by createPet/stateful/create',
      'showPet/stateful/read-deleted deleted by deletePet/stateful/delete-created',
    ]);
  });

  it('link chains from a POST: the items below its path whose path parameters the links fill; the read after the delete is gone', async () => {
    expect(await resources('generate-links-3.0.yaml', 'createUser/stateful/links-chain')).toEqual([
      'createUser/stateful/links -',
      'getUser/stateful/via-GetUser created by createUser/stateful/links',
      'listPosts/stateful/via-ListPublishedPosts created by createUser/stateful/links',
      'renameUser/stateful/via-RenameUser created by createUser/stateful/links',
      'deleteUser/stateful/via-DeleteUser created by createUser/stateful/links',
      'getUser/stateful/via-GetUser-after-delete deleted by deleteUser/stateful/via-DeleteUser',
    ]);
  });

  it('link chains from a read create nothing', async () => {
    const steps = await resources('generate-links-3.0.yaml', 'getUser/stateful/links-chain');
    expect(steps.length).toBeGreaterThan(1);
    for (const step of steps) expect(step).toMatch(/ -$/);
  });
});
