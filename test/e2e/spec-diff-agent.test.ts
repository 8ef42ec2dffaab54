import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_FIXTURES } from '../engines/spec/spec-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { useFakeModelProject } from '../support/fake-model-project.js';

const project = useFakeModelProject();

/** What the model read after its n-th reply (1-based): the observation of that reply's call. */
const observationAfter = (reply: number) => project.models.requests[reply]!.messages.at(-1)!.content;

describe('spec_diff in a session', () => {
  it('is named in the prompt without its parameters, found by tool_search, and compares two specs of the project', async () => {
    const specs = path.join(project.sandbox.project, 'specs');
    await mkdir(specs);
    await copyFile(path.join(SPEC_FIXTURES, 'diff-users-v1.yaml'), path.join(specs, 'v1.yaml'));
    await copyFile(path.join(SPEC_FIXTURES, 'diff-users-v2.yaml'), path.join(specs, 'v2.yaml'));
    project.models.script([
      'ACTION: tool_search({"query": "breaking changes between two versions of a spec", "max_results": 1})',
      'ACTION: spec_diff({"old": "specs/v1.yaml", "new": "specs/v2.yaml"})',
      'Final Answer: 8 breaking changes, among them DELETE /users/{id}.',
    ]);
    const result = await runFalcon(['-p', 'what breaks for clients between specs/v1.yaml and specs/v2.yaml?'], {
      cwd: project.sandbox.project,
      env: project.sandbox.env(),
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('8 breaking changes, among them DELETE /users/{id}.\n');
    expect(result.code).toBe(0);

    const prompt = project.models.requests[0]!.messages[0]!.content;
    expect(prompt).toMatch(/tests from the spec: [a-z_, ]*\bspec_diff\b/);
    expect(prompt).not.toContain('the later spec: a file in the project');
    expect(observationAfter(1)).toContain('spec_diff — Compare two versions of an OpenAPI/Swagger spec');
    expect(observationAfter(1)).toContain('  - new (string, required): the later spec: a file in the project or an http(s) URL');
    const observation = observationAfter(2);
    expect(observation).toMatch(/^Observation: Users API 1\.0\.0 \(specs\/v1\.yaml\) → Users API 2\.0\.0 \(specs\/v2\.yaml\)\n/);
    expect(observation).toContain('\nDELETE /users/{id}\n  breaking      operation removed\n');
    expect(observation).toContain('\n8 breaking changes, 9 warnings, 10 non-breaking');
  });
});
