import { afterEach, beforeEach, expect, it } from 'vitest';
import { readDataRows } from '../../../../src/engines/testing/data-driven/read-data-rows.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

it('reads a CSV with a BOM, quoted commas and newlines, and empty lines', async () => {
  await project.write('data/users.csv', '\ufeffname, age\r\n"Lovelace, Ada",36\r\n\r\n"Grace\nHopper",85\n\n');
  expect(await readDataRows(project.root, 'data/users.csv')).toEqual({
    file: 'data/users.csv',
    columns: ['name', 'age'],
    rows: [
      { name: 'Lovelace, Ada', age: '36' },
      { name: 'Grace\nHopper', age: '85' },
    ],
  });
});

it('names the line of a ragged row, an unclosed quote and a bad header', async () => {
  await project.write('ragged.csv', 'name,age\nAda,36\n"two\nlines",1\nBob\n');
  await expect(readDataRows(project.root, 'ragged.csv')).rejects.toThrow('ragged.csv line 5: 1 field where the header row has 2');
  await project.write('quote.csv', 'name,age\n"Ada,36\n');
  await expect(readDataRows(project.root, 'quote.csv')).rejects.toThrow('quote.csv line 2: a quoted field is never closed');
  await project.write('twice.csv', 'name,name\nAda,Bob\n');
  await expect(readDataRows(project.root, 'twice.csv')).rejects.toThrow('twice.csv line 1: the header row names "name" twice');
  await project.write('empty.csv', 'name,age\n\n');
  await expect(readDataRows(project.root, 'empty.csv')).rejects.toThrow('empty.csv has no data rows');
});

it('reads JSON rows as an array or under "rows", values as text', async () => {
  await project.write('rows.json', JSON.stringify({ rows: [{ name: 'Ada', age: 36, admin: false, tags: ['x'], note: null }] }));
  expect((await readDataRows(project.root, 'rows.json')).rows).toEqual([{ name: 'Ada', age: '36', admin: 'false', tags: '["x"]', note: '' }]);
  await project.write('list.json', '[{"a": 1}, {"b": 2}]');
  expect(await readDataRows(project.root, 'list.json')).toMatchObject({ columns: ['a', 'b'], rows: [{ a: '1' }, { b: '2' }] });
  await project.write('bad.json', '{"data": []}');
  await expect(readDataRows(project.root, 'bad.json')).rejects.toThrow('bad.json must hold an array of objects, or {"rows": [...]}');
  await project.write('scalar.json', '[{"a": 1}, 7]');
  await expect(readDataRows(project.root, 'scalar.json')).rejects.toThrow('scalar.json: row 2 is not an object');
});

it('refuses a file outside the project and names a missing one', async () => {
  await expect(readDataRows(project.root, '../outside/secret.txt')).rejects.toThrow(/escapes the project/);
  await expect(readDataRows(project.root, 'nope.csv')).rejects.toThrow('no such file: nope.csv');
});
