// A tool that fails three calls in a row is taken from the model for the rest of the run.
import { expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { configurePermissions } from '../support/permission-sandbox.js';

const setup = useFakeModelProject();
const observation = (request: number) => setup.models.requests[request]!.messages.at(-1)!.content;

it('the model is told the tool is disabled after its third failure in a row, and a fourth call is refused', async () => {
  await configurePermissions(setup.sandbox, setup.models, {});
  const readMissing = 'ACTION: read_file({"path": "missing.txt"})';
  setup.models.script([readMissing, readMissing, readMissing, readMissing, 'ACTION: list_files({})', 'Final Answer: missing.txt is not there']);
  const result = await runFalcon(['-p', 'read missing.txt'], { cwd: setup.sandbox.project, env: setup.sandbox.env() });

  expect(result.code).toBe(0);
  expect(result.stdout).toBe('missing.txt is not there\n');
  expect(observation(1)).toMatch(/^Observation: Error: .*missing\.txt/);
  expect(observation(2)).not.toContain('disabled');
  expect(observation(3)).toContain('read_file has now failed 3 calls in a row and is disabled for the rest of this run: it is no longer available.');
  expect(observation(4)).toBe('Observation: Error: read_file is disabled for the rest of this run after 3 failed calls in a row; it is no longer available.');
  // Other tools are untouched.
  expect(observation(5)).not.toContain('Error');
});

it('a new run gets the tool back', async () => {
  await configurePermissions(setup.sandbox, setup.models, {});
  const readMissing = 'ACTION: read_file({"path": "missing.txt"})';
  setup.models.script([readMissing, readMissing, readMissing, 'Final Answer: gave up']);
  const sandbox = setup.sandbox;
  expect((await runFalcon(['-p', 'read missing.txt'], { cwd: sandbox.project, env: sandbox.env() })).code).toBe(0);
  setup.models.script(['ACTION: read_file({"path": "missing.txt"})', 'Final Answer: still missing']);
  expect((await runFalcon(['-p', 'read it again', '--continue'], { cwd: sandbox.project, env: sandbox.env() })).stdout).toBe('still missing\n');
  expect(setup.models.requests.at(-1)!.messages.at(-1)!.content).not.toContain('disabled');
});
