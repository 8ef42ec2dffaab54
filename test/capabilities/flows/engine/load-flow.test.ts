import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowValidationError } from '../../../../src/engines/flow-files/flow-problems.js';
import { FlowNotFoundError, listFlows, loadFlow } from '../../../../src/capabilities/flows/engine/load-flow.js';
import { type FlowProject, makeFlowProject } from './flow-project.js';

let project: FlowProject;

beforeAll(async () => {
  project = await makeFlowProject('http://127.0.0.1:9');
  await project.write('.falcon/flows/checkout.yaml', 'name: buy\ndescription: the happy path\nsteps:\n  - wait: 1s\n  - request: health\n');
  await project.write('.falcon/flows/short.yml', 'steps:\n  - wait: 1s\n');
  await project.write('.falcon/flows/broken.yaml', 'steps:\n  - requets: health\n');
  await project.write('flows/other.yaml', 'steps:\n  - wait: 5ms\n');
});

afterAll(() => project.remove());

describe('loadFlow', () => {
  it('loads a saved flow by name, .yaml or .yml, named by its own name or its file', async () => {
    const checkout = await loadFlow(project.root, 'checkout');
    expect(checkout).toMatchObject({ name: 'buy', file: expect.stringMatching(/\.falcon\/flows\/checkout\.yaml$/) });
    expect(checkout.flow.steps).toHaveLength(2);
    expect((await loadFlow(project.root, 'short')).name).toBe('short');
  });

  it('loads a flow file by a path relative to the project', async () => {
    const loaded = await loadFlow(project.root, 'flows/other.yaml');
    expect(loaded).toMatchObject({ name: 'other', flow: { steps: [{ wait: '5ms' }] } });
  });

  it('says which flow is missing, and names the line of an invalid one', async () => {
    await expect(loadFlow(project.root, 'nope')).rejects.toThrow(FlowNotFoundError);
    await expect(loadFlow(project.root, 'nope/missing.yaml')).rejects.toThrow(/No flow file nope\/missing\.yaml/);
    await expect(loadFlow(project.root, 'broken')).rejects.toThrow(FlowValidationError);
    await expect(loadFlow(project.root, 'broken')).rejects.toThrow(/^broken\.yaml:2: /);
  });
});

describe('listFlows', () => {
  it('lists the saved flows with their step counts, and the invalid ones with their first problem', async () => {
    const listed = await listFlows(project.root);
    expect(listed.map(({ name, steps, description, problem }) => ({ name, steps, description, problem }))).toEqual([
      { name: 'broken', steps: undefined, description: undefined, problem: expect.stringMatching(/^broken\.yaml:2: /) },
      { name: 'checkout', steps: 2, description: 'the happy path', problem: undefined },
      { name: 'short', steps: 1, description: undefined, problem: undefined },
    ]);
  });
});
