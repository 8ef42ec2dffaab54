import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { loadProjectConfig } from '../../src/config/load-project-config.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

async function projectWith(yaml: string): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  const file = join(root, '.falcon', 'config.yaml');
  await writeText(file, yaml);
  return { root, file };
}

describe('loadProjectConfig', () => {
  it('gives the defaults when the project has no config', async () => {
    expect(await loadProjectConfig(await tempDir())).toEqual({ config: { toolLimits: {} }, warnings: [] });
  });

  it('treats an empty file as the defaults', async () => {
    const { root } = await projectWith('# nothing yet\n');
    expect(await loadProjectConfig(root)).toEqual({ config: { toolLimits: {} }, warnings: [] });
  });

  it('reads framework, max_turns and tool_limits', async () => {
    const { root } = await projectWith(`framework: fastapi
max_turns: 40
tool_limits:
  http_request: 50
  run_performance: 2
`);
    expect(await loadProjectConfig(root)).toEqual({
      config: { framework: 'fastapi', maxTurns: 40, toolLimits: { http_request: 50, run_performance: 2 } },
      warnings: [],
    });
  });

  it('rejects a max_turns that is not a positive whole number, naming the line', async () => {
    const { root, file } = await projectWith('framework: express\nmax_turns: 0\n');
    const error = await expectRejectsLeavingFile(file, () => loadProjectConfig(root));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(`${file}:2: max_turns: expected 1 or more, got 0`);
  });

  it('reports every bad tool limit and a wrongly typed max_turns together', async () => {
    const { root, file } = await projectWith(`max_turns: many
tool_limits:
  http_request: -3
  read_file: lots
`);
    const error = await expectRejectsLeavingFile(file, () => loadProjectConfig(root));
    expect(error.message.split('\n')).toEqual([
      `${file}:1: max_turns: expected a number, got a string`,
      `${file}:3: tool_limits.http_request: expected 1 or more, got -3`,
      `${file}:4: tool_limits.read_file: expected a number, got a string`,
    ]);
  });

  it('warns about unknown keys with their line', async () => {
    const { root, file } = await projectWith('framework: django\nmax_turn: 10\n');
    const { config, warnings } = await loadProjectConfig(root);
    expect(config).toEqual({ framework: 'django', toolLimits: {} });
    expect(warnings).toEqual([`${file}:2: max_turn: unknown key, ignored`]);
  });
});
