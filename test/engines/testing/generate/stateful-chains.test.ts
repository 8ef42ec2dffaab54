import { describe, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { ingestedSpec } from './generation-fixtures.js';

async function chainsOf(spec: FalconSpec, operationIds?: string[]): Promise<Map<string, TestCase[]>> {
  const operations = operationIds ? spec.operations.filter((operation) => operationIds.includes(operation.id)) : spec.operations;
  const cases = await generateCases(spec, operations, { strategies: ['stateful'] });
  const chains = new Map<string, TestCase[]>();
  for (const testCase of cases) {
    expect(testCase.kind).toBe('stateful');
    const id = testCase.chain!.id;
    chains.set(id, [...(chains.get(id) ?? []), testCase]);
  }
  return chains;
}

function steps(chain: TestCase[] | undefined): string[] {
  return (chain ?? []).map((testCase) => `${testCase.chain!.step} ${testCase.request.method} ${testCase.operationId}`);
}

describe('stateful chains inferred from the paths', () => {
  it('feeds the id a create returns to read, replace, update, delete and read again, expecting the documented 404', async () => {
    const chains = await chainsOf(await ingestedSpec('generate-crud-3.0.yaml'));
    const chain = chains.get('createPet/stateful/chain-petId');
    expect(steps(chain)).toEqual(['1 POST createPet', '2 GET showPet', '3 PUT replacePet', '4 PATCH updatePet', '5 DELETE deletePet', '6 GET showPet']);
    const [create, read, , , remove, reread] = chain!;
    expect(create).toMatchObject({
      id: 'createPet/stateful/create',
      name: 'POST /pets creates the resource the chain uses (step 1 of 6)',
      extract: { petId: '$.id' },
    });
    expect(create!.request.body).not.toHaveProperty('id');
    expect(read).toMatchObject({ id: 'showPet/stateful/read-created', request: { path: '/pets/{petId}', pathParams: { petId: '{{petId}}' } } });
    expect(read).not.toHaveProperty('expectStatus');
    expect(remove!.request.pathParams).toEqual({ petId: '{{petId}}' });
    expect(reread).toMatchObject({
      id: 'showPet/stateful/read-deleted',
      name: 'GET /pets/{petId} finds it gone (expects 404) (step 6 of 6)',
      expectStatus: [404],
    });
  });

  it('matches a parameter named after the resource to the property it names, keeping the parent path parameters', async () => {
    const spec = await ingestedSpec('generate-crud-3.0.yaml');
    const chain = (await chainsOf(spec)).get('adoptPet/stateful/chain-petName');
    expect(steps(chain)).toEqual(['1 POST adoptPet', '2 GET showOwnedPet', '3 DELETE releaseOwnedPet', '4 GET showOwnedPet']);
    const ownerId = chain![0]!.request.pathParams?.ownerId;
    expect(ownerId).toMatch(/^o[0-9]{2}$/);
    // The create documents only an example: {name: Rex, species: dog}.
    expect(chain![0]!.extract).toEqual({ petName: '$.name' });
    // The chain adopts a pet of its own, so that releasing it takes nothing from the other cases.
    const happy = (await generateCases(spec, spec.operations, { strategies: ['happy'] })).find((testCase) => testCase.id === 'adoptPet/happy/valid');
    expect((chain![0]!.request.body as { name: string }).name).not.toBe((happy!.request.body as { name: string }).name);
    for (const step of chain!.slice(1)) expect(step.request.pathParams).toEqual({ ownerId, petName: '{{petName}}' });
    expect(chain![3]!.expectStatus).toEqual([410]);
  });

  it('finds an id one object down, and leaves the expected status unset when the spec documents no 404 or 410', async () => {
    const chains = await chainsOf(await ingestedSpec('generate-crud-3.0.yaml'));
    const chain = chains.get('placeOrder/stateful/chain-id');
    expect(steps(chain)).toEqual(['1 POST placeOrder', '2 GET showOrder']);
    expect(chain![0]!.extract).toEqual({ id: '$.data.id' });
    expect(chain![1]!.request.pathParams).toEqual({ id: '{{id}}' });
    expect([...chains.keys()].some((id) => id.startsWith('printReceipt'))).toBe(false);
  });

  it('chains only operations in scope, and needs a create that says what it returns', async () => {
    const crud = await ingestedSpec('generate-crud-3.0.yaml');
    expect(steps((await chainsOf(crud, ['createPet', 'showPet'])).get('createPet/stateful/chain-petId'))).toEqual(['1 POST createPet', '2 GET showPet']);
    expect((await chainsOf(crud, ['showPet', 'deletePet'])).size).toBe(0);
    const petstore = await ingestedSpec('petstore-3.0.yaml');
    expect((await chainsOf(petstore)).size).toBe(0);
  });
});

describe('stateful chains from OpenAPI links', () => {
  it('follows the links of a response, reads before writes, deletes last, then reads again', async () => {
    const chains = await chainsOf(await ingestedSpec('generate-links-3.0.yaml'));
    const chain = chains.get('createUser/stateful/links-chain');
    expect(steps(chain)).toEqual(['1 POST createUser', '2 GET getUser', '3 GET listPosts', '4 PATCH renameUser', '5 DELETE deleteUser', '6 GET getUser']);
    const [create, read, posts, rename, remove, reread] = chain!;
    expect(create).toMatchObject({ id: 'createUser/stateful/links' });
    // Nothing is extracted for the link that cannot be followed (one of its values is in a response header).
    expect(create!.extract).toEqual({ userId: '$.id' });
    expect(read).toMatchObject({
      id: 'getUser/stateful/via-GetUser',
      name: 'GET /users/{userId} via link "GetUser" (step 2 of 6)',
      request: { pathParams: { userId: '{{userId}}' } },
    });
    expect(posts!.request).toMatchObject({ pathParams: { userId: '{{userId}}' }, query: { status: 'published' } });
    expect(rename!.request.body).toEqual({ name: 'Renamed' });
    expect(remove).toMatchObject({ id: 'deleteUser/stateful/via-DeleteUser', request: { method: 'DELETE', pathParams: { userId: '{{userId}}' } } });
    expect(reread).toMatchObject({ name: 'GET /users/{userId} via link "GetUser" after the delete (expects 404) (step 6 of 6)', expectStatus: [404] });
    // The link through a response header cannot be followed; links win over the inferred chain.
    expect(chain!.some((step) => step.operationId === 'getAvatar')).toBe(false);
    expect([...chains.keys()].filter((id) => id.startsWith('createUser/'))).toEqual(['createUser/stateful/links-chain']);
  });

  it('repeats what the first step sent for a $request expression', async () => {
    const chains = await chainsOf(await ingestedSpec('generate-links-3.0.yaml'));
    const chain = chains.get('getUser/stateful/links-chain')!;
    expect(steps(chain)).toEqual(['1 GET getUser', '2 GET listPosts']);
    expect(chain[0]).not.toHaveProperty('extract');
    expect(chain[1]!.request.pathParams).toEqual({ userId: chain[0]!.request.pathParams?.userId });
  });

  it('follows links between operations that are not creates, with JSON pointers into nested objects', async () => {
    const sample = await ingestedSpec(new URL('../../../../node_modules/@readme/oas-examples/3.0/json/link-example.json', import.meta.url).pathname);
    const chain = (await chainsOf(sample)).get('getRepository/stateful/links-chain')!;
    expect(steps(chain)).toEqual(['1 GET getRepository', '2 GET getPullRequestsByRepository']);
    expect(chain[0]!.extract).toEqual({ username: '$.owner.username', slug: '$.slug' });
    expect(chain[1]!.request.pathParams).toEqual({ username: '{{username}}', slug: '{{slug}}' });
  });
});
