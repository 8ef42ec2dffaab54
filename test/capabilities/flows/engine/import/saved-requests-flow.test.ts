import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { savedRequestsFlow } from '../../../../../src/capabilities/flows/engine/import/saved-requests-flow.js';

let project: string | undefined;
afterEach(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

it('makes a step naming each saved request', async () => {
  project = await mkdtemp(path.join(tmpdir(), 'flow-skeleton-'));
  await mkdir(path.join(project, '.falcon', 'requests'), { recursive: true });
  for (const name of ['login', 'health']) await writeFile(path.join(project, '.falcon', 'requests', `${name}.yaml`), 'url: "{{BASE_URL}}/x"\n');
  const { flow } = await savedRequestsFlow(project);
  expect(flow).toEqual({
    name: 'saved requests',
    steps: [
      { name: 'health', request: 'health' },
      { name: 'login', request: 'login' },
    ],
  });
});
