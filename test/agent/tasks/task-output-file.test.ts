import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { START_OF_OUTPUT, TaskOutputFile } from '../../../src/agent/tasks/task-output-file.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-task-output-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

it('stops saving past 50 MB, says so at the end of the file, and still closes cleanly', async () => {
  const output = new TaskOutputFile(path.join(folder, 'tasks', 't1.log'), (text) => text);
  const line = `${'x'.repeat(1023)}\n`;
  const chunk = line.repeat(1024);
  for (let written = 0; written < 52; written++) output.write(chunk);
  output.write('unfinished');
  output.close();
  expect((await stat(path.join(folder, 'tasks', 't1.log'))).size).toBeLessThan(50 * 1024 * 1024 + 100);
  const { text } = await output.readSince(START_OF_OUTPUT);
  expect(text.split('\n').at(-1)).toBe('[Falcon: the output beyond 50 MB was not saved]');
});
