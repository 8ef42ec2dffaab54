import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSavedFile, SavedRequestError } from '../../src/workspace/saved-requests.js';
import { type TempProject, createTempProject } from '../tools/temp-project.js';

// A saved request or flow is read by name, by `request`, `run_flow` and `falcon mcp serve`'s
// run_saved_request: a file linked out of the project must not be read (a YAML error would quote it).

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await project.write('.falcon/requests/get-user.yaml', 'url: http://127.0.0.1:3000/users/1\n');
});
afterEach(() => project.remove());

describe('readSavedFile', () => {
  it('refuses a saved file that links out of the project, and reads one that links inside it', async () => {
    await symlink(path.join(project.outside, 'secret.txt'), path.join(project.root, '.falcon/requests/leak.yaml'));
    await symlink(path.join(project.outside, 'secret.txt'), path.join(project.root, '.falcon/requests/leak2.yml'));
    await expect(readSavedFile(project.root, 'requests', 'leak')).rejects.toThrow(SavedRequestError);
    await expect(readSavedFile(project.root, 'requests', 'leak2')).rejects.toThrow(/links out of the project/);
    await symlink('get-user.yaml', path.join(project.root, '.falcon/requests/alias.yaml'));
    expect((await readSavedFile(project.root, 'requests', 'alias')).text).toContain('/users/1');
  });
});
