import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestName } from '../../src/config/closest-name.js';
import { loadProjectConfig } from '../../src/config/load-project-config.js';
import { tempDir, writeText } from './temp-dir.js';

const toolNames = ['http_request', 'read_file', 'search_code', 'run_smoke', 'glob'];

async function projectWith(yaml: string): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  const file = join(root, '.falcon', 'config.yaml');
  await writeText(file, yaml);
  return { root, file };
}

describe('tool_limits naming tools that do not exist', () => {
  it('are warnings with their line and a "did you mean" for a close name, and are left out', async () => {
    const { root, file } = await projectWith(`framework: express
tool_limits:
  http_request: 40
  http_reqest: 10
  Read_File: 5
  run_performance: 2
`);
    const { config, warnings } = await loadProjectConfig(root, { toolNames });
    expect(config.toolLimits).toEqual({ http_request: 40 });
    expect(warnings).toEqual([
      `${file}:4: tool_limits.http_reqest: no tool of that name, ignored (did you mean http_request?)`,
      `${file}:5: tool_limits.Read_File: no tool of that name, ignored (did you mean read_file?)`,
      `${file}:6: tool_limits.run_performance: no tool of that name, ignored`,
    ]);
  });

  it('come after the unknown-key warnings, and are not checked when the tools are not given', async () => {
    const { root, file } = await projectWith('max_turn: 3\ntool_limits:\n  serch_code: 2\n');
    expect((await loadProjectConfig(root, { toolNames })).warnings).toEqual([
      `${file}:1: max_turn: unknown key, ignored`,
      `${file}:3: tool_limits.serch_code: no tool of that name, ignored (did you mean search_code?)`,
    ]);
    expect(await loadProjectConfig(root)).toEqual({
      config: { toolLimits: { serch_code: 2 } },
      warnings: [`${file}:1: max_turn: unknown key, ignored`],
    });
  });
});

describe('closestName', () => {
  it('finds a name a few edits away, case aside, and nothing for a different word', () => {
    expect(closestName('http_reqest', toolNames)).toBe('http_request');
    expect(closestName('GLOB', toolNames)).toBe('glob');
    expect(closestName('gob', toolNames)).toBe('glob');
    expect(closestName('run_smoke_tests', toolNames)).toBeUndefined();
    expect(closestName('deploy', toolNames)).toBeUndefined();
  });
});
