import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import type { CaseResult } from '../../../src/engines/testing/test-run.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { startPetstore } from '../../apis/petstore-server.js';
import { chainSteps, distinctFindings, findingKinds, stepLine, testServer } from './spec-run.js';

/**
 * The stateful Petstore of swagger-express-middleware, whose validateRequest middleware checks every
 * request against the same spec independently of Falcon: it must accept every valid case and refuse
 * every negative one but the near misses its validator takes (a date that does not exist: it checks
 * a date's shape, not the calendar), the chain must find the pet it created, then find it gone; and
 * where the sample breaks its own spec, the checks must say so.
 */
describe('falcon test against the Petstore of swagger-express-middleware', () => {
  let server: SpecServer;
  let tested: SpecTestResult;
  beforeAll(async () => {
    server = await startPetstore();
    tested = await testServer(server);
  });
  afterAll(() => server?.close());

  const status = (result: CaseResult) => result.response?.status ?? 0;
  const ofKind = (...kinds: string[]) => tested.run.results.filter((result) => kinds.includes(result.case.kind));

  it('has every valid case accepted: no 400 for a happy or boundary request', () => {
    const valid = ofKind('happy', 'boundary');
    expect(valid.length).toBeGreaterThan(30);
    expect(valid.filter((result) => status(result) === 400).map((result) => result.case.id)).toEqual([]);
    expect(valid.filter((result) => result.case.operationId === 'addPet').every((result) => status(result) === 201)).toBe(true);
  });

  const takenNearMisses = [
    'findPets/negative/query-dob-no-such-day',
    'addPet/negative/dob-no-such-day',
    'deletePets/negative/query-dob-no-such-day',
    'patch_pets_petName/negative/dob-no-such-day',
  ];

  it('has every negative case refused with a 4xx but the dates that do not exist, each a negative_data_rejection naming its kind', () => {
    const negative = ofKind('negative');
    expect(negative.length).toBeGreaterThan(50);
    expect(negative.filter((result) => status(result) < 400 || status(result) >= 500).map((result) => result.case.id)).toEqual(takenNearMisses);
    const rejections = tested.run.results.filter((result) => result.findings.some((finding) => finding.kind === 'negative_data_rejection'));
    expect(rejections.map((result) => result.case.id)).toEqual(takenNearMisses);
    for (const result of rejections) {
      expect(result.findings.map((finding) => finding.message)).toEqual([
        expect.stringMatching(/^date that does not exist '\d{4}-02-30' was accepted \(20[01]\)$/),
      ]);
    }
  });

  it('runs the create → read → update → delete → read chain on the pet it created, by name', () => {
    const chain = chainSteps(tested.run.results, 'addPet/stateful/chain-petName');
    expect(chain.map(stepLine)).toEqual([
      'POST /pets 201',
      'GET /pets/{petName} 200',
      'PATCH /pets/{petName} 200',
      'DELETE /pets/{petName} 200',
      'GET /pets/{petName} 404',
    ]);
    expect(chain[0]!.case.extract).toEqual({ petName: '$.name' });
    const created = JSON.parse(chain[0]!.request!.body!) as { name: string };
    for (const step of chain.slice(1)) expect(step.request!.url).toBe(`${server.url}/pets/${encodeURIComponent(created.name)}`);
    expect(JSON.parse(chain[1]!.response!.body)).toEqual(created);
  });

  it('reports where the sample breaks its spec: HTML errors documented as JSON, an undocumented 400, an empty JSON body, a photo of an undocumented type', () => {
    const answered = tested.run.results.filter((result) => !takenNearMisses.includes(result.case.id));
    expect(distinctFindings(answered)).toEqual([
      'addPet status_code_conformance: status 400 is not documented for addPet (documented: 201)',
      'addPetPhoto content_type_conformance: content-type text/html is not documented for addPetPhoto default (documented: application/json)',
      'deletePet response_schema_conformance: the body is not valid JSON, but deletePet default documents application/json: it is empty',
      'deletePets content_type_conformance: content-type text/html is not documented for deletePets default (documented: application/json)',
      'findPetByName content_type_conformance: content-type text/html is not documented for findPetByName default (documented: application/json)',
      'findPets content_type_conformance: content-type text/html is not documented for findPets default (documented: application/json)',
      // Reached only with a photo the run uploaded (its id from addPetPhoto's answer), at its own pet: served as octet-stream.
      'getPetPhoto content_type_conformance: content-type application/octet-stream is not documented for getPetPhoto default (documented: image/jpeg, image/gif, image/png, image/bmp)',
      'getPetPhoto content_type_conformance: content-type text/html is not documented for getPetPhoto default (documented: image/jpeg, image/gif, image/png, image/bmp)',
      'patch_pets_petName content_type_conformance: content-type text/html is not documented for patch_pets_petName default (documented: application/json)',
    ]);
    // Each negative case gets the one finding its operation's error answer earns.
    for (const result of ofKind('negative').filter((candidate) => candidate.findings.length > 0 && !takenNearMisses.includes(candidate.case.id))) {
      expect(
        result.findings.map((finding) => finding.kind),
        result.case.id,
      ).toEqual([result.case.operationId === 'addPet' ? 'status_code_conformance' : 'content_type_conformance']);
    }
    // But a body that is no JSON (`+61`): what the spec documents of answers to JSON does not judge its 400.
    const judged = ofKind('negative').filter((result) => result.case.operationId === 'addPet' && !result.case.request.bodyIsText);
    expect(judged.filter((result) => result.findings.length === 0)).toEqual([]);
    expect(ofKind('negative').filter((result) => result.case.request.bodyIsText && result.findings.length > 0)).toEqual([]);
    // A photo read at the pet it was added to: served as octet-stream; a pet its chain deleted: an
    // HTML 404; deleting a pet: 200 with no body. The chain makes a pet of its own, so the reads find the run's others.
    expect(findingKinds(ofKind('happy', 'boundary', 'stateful'))).toEqual({
      'deletePet/happy/valid': ['response_schema_conformance'],
      'getPetPhoto/happy/valid': ['content_type_conformance'],
      'findPetByName/stateful/read-deleted': ['content_type_conformance'],
    });
  });
});
