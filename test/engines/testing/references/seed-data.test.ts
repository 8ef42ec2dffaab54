import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSeedData } from '../../../../src/engines/testing/references/check-seed-data.js';
import { readSeedData, type SeedData } from '../../../../src/engines/testing/references/seed-data.js';
import { SpecSchemaValidator } from '../../../../src/engines/testing/spec-schema/spec-schema-validator.js';
import { createTempProject, type TempProject } from '../../../tools/temp-project.js';
import { ingestedSpec } from '../generate/generation-fixtures.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

async function seedFile(name: string, text: string): Promise<SeedData> {
  await writeFile(path.join(project.root, name), text);
  return readSeedData(path.join(project.root, name), name);
}

async function problems(name: string, text: string): Promise<string> {
  const error = await seedFile(name, text).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe('SeedDataError');
  return (error as Error).message;
}

async function checked(seed: SeedData): Promise<string | undefined> {
  const spec = await ingestedSpec('references-3.0.yaml');
  try {
    checkSeedData(seed, spec, await SpecSchemaValidator.load(spec.schemas));
    return undefined;
  } catch (error) {
    expect((error as Error).name).toBe('SeedDataError');
    return (error as Error).message;
  }
}

describe('--seed-data', () => {
  it('reads YAML and JSON: a value or a list of values per parameter, each with its line', async () => {
    const yaml = await seedFile('seed.yaml', '# known ids\ncustomerId: [7, 8]\norderId: 3\n');
    expect(yaml.file).toBe('seed.yaml');
    expect(yaml.values).toEqual(
      new Map([
        [
          'customerId',
          [
            { value: 7, line: 2 },
            { value: 8, line: 2 },
          ],
        ],
        ['orderId', [{ value: 3, line: 3 }]],
      ]),
    );
    const json = await seedFile('seed.json', '{\n  "customerId": [\n    "7"\n  ]\n}\n');
    expect(json.values).toEqual(new Map([['customerId', [{ value: '7', line: 3 }]]]));
    expect(await checked(yaml)).toBeUndefined();
    expect(await checked(json)).toBeUndefined();
  });

  it('names each problem of the file with its line', async () => {
    expect(await problems('bad.yaml', 'customerId: [7, 8\norderId: 3\n')).toMatch(/^bad\.yaml:\d+:\d+: /);
    expect(await problems('list.yaml', '- 7\n- 8\n')).toBe(
      'list.yaml:1: the file holds a list; it must map each parameter to its values, e.g. customerId: [7, 8]',
    );
    expect(await problems('empty.yaml', '# nothing yet\n')).toBe('empty.yaml: the file is empty; write one parameter a line, e.g. customerId: [7, 8]');
    expect(await problems('values.yaml', 'customerId:\n  - 7\n  - {id: 8}\norderId: []\nitem: null\n')).toBe(
      [
        'values.yaml:3: customerId[1]: an object is not a value to send; give a string, a number or a list of them',
        'values.yaml:4: orderId: the list is empty; give at least one value',
        'values.yaml:5: item: null is not a value to send; give a string, a number or a list of them',
      ].join('\n'),
    );
    await expect(readSeedData(path.join(project.root, 'missing.yaml'), 'missing.yaml')).rejects.toThrow(
      'missing.yaml: no such file (--seed-data names a YAML or JSON file of parameter → values, e.g. customerId: [7, 8])',
    );
  });

  it('refuses, by line, a name no operation takes and a value valid for none of the places it would go', async () => {
    const seed = await seedFile('seed.yaml', 'customerID: 7\norderId:\n  - 3\n  - abc\n  - 0\ncustomerId: 5\n');
    expect(await checked(seed)).toBe(
      [
        'seed.yaml:1: customerID: no operation of the spec has a path parameter or body reference of this name (did you mean customerId?)',
        'seed.yaml:4: orderId[1]: "abc" is valid for none of the places it would go: getOrder path orderId ({"type":"integer","minimum":1})',
        'seed.yaml:5: orderId[2]: 0 is valid for none of the places it would go: getOrder path orderId ({"type":"integer","minimum":1})',
      ].join('\n'),
    );
  });
});
