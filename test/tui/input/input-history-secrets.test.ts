import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SecretRegistry } from '../../../src/safety/secret-registry.js';
import { HISTORY_FILE, InputHistory } from '../../../src/tui/input/input-history.js';
import { tempDir } from '../../config/temp-dir.js';

it("masks the session's registered secrets in what it writes, whatever their shape", async () => {
  const project = await tempDir();
  const secrets = new SecretRegistry();
  secrets.register('Zq8Lm3vN-x0Tk9wR', 'API_TOKEN');
  const history = await InputHistory.load(project);
  history.maskWith(secrets);
  await history.add('why does /echo answer Zq8Lm3vN-x0Tk9wR?');
  expect(history.entries).toEqual(['why does /echo answer Zq8Lm3vN-x0Tk9wR?']);
  expect(await readFile(path.join(project, '.falcon', HISTORY_FILE), 'utf8')).toBe('"why does /echo answer [masked:API_TOKEN]?"\n');
});
