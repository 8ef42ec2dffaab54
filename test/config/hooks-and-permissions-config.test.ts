import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGlobalConfig } from '../../src/config/load-global-config.js';
import { loadProjectConfig } from '../../src/config/load-project-config.js';
import { addProjectAllowRule } from '../../src/config/project-allow-rule.js';
import { settingsNeedingTrust } from '../../src/config/project-trust-settings.js';
import { isTrustedFolder, trustFolder } from '../../src/config/trusted-folders.js';
import { expectRejectsLeavingFile, tempDir, writeText } from './temp-dir.js';

async function projectWith(yaml: string): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  const file = join(root, '.falcon', 'config.yaml');
  await writeText(file, yaml);
  return { root, file };
}

const PROJECT = `# Settings of the orders API
framework: express
hooks:
  pre_tool_use: [{matcher: "bash|write_file", command: ".falcon/hooks/check.sh", timeout_s: 10}]
  post_tool_use:
    - {matcher: read_file, command: "echo read"}
  session_start:
    - command: ./scripts/warm-up.sh
permissions:
  allow: ["bash(npm test*)", "http_request(http://localhost*)"]
  deny: ["write_file(.env*)"]   # never
`;

describe('hooks and permissions in .falcon/config.yaml', () => {
  it('are read, and what only a trusted folder may run or allow is listed', async () => {
    const { root } = await projectWith(PROJECT);
    const { config, warnings } = await loadProjectConfig(root);
    expect(warnings).toEqual([]);
    expect(config.hooks).toEqual({
      preToolUse: [{ matcher: 'bash|write_file', command: '.falcon/hooks/check.sh', timeoutS: 10 }],
      postToolUse: [{ matcher: 'read_file', command: 'echo read' }],
      sessionStart: [{ command: './scripts/warm-up.sh' }],
    });
    expect(config.permissions).toEqual({ allow: ['bash(npm test*)', 'http_request(http://localhost*)'], deny: ['write_file(.env*)'] });
    expect(settingsNeedingTrust(config)).toEqual([
      { key: 'hooks.pre_tool_use', value: '.falcon/hooks/check.sh' },
      { key: 'hooks.post_tool_use', value: 'echo read' },
      { key: 'hooks.session_start', value: './scripts/warm-up.sh' },
      { key: 'permissions.allow', value: 'bash(npm test*)' },
      { key: 'permissions.allow', value: 'http_request(http://localhost*)' },
    ]);
  });

  it('names the key and line of a bad matcher, rule, timeout or missing command', async () => {
    const { root, file } = await projectWith(`hooks:
  pre_tool_use:
    - {matcher: "bash(", command: x}
    - {command: y, timeout_s: 7200}
  session_start:
    - {timeout_s: 5}
permissions:
  deny: ["write file(.env)"]
`);
    const error = await expectRejectsLeavingFile(file, () => loadProjectConfig(root));
    expect(error.message.split('\n')).toEqual([
      `${file}:3: hooks.pre_tool_use[0].matcher: expected a regular expression matching tool names, e.g. "bash|write_file"`,
      `${file}:4: hooks.pre_tool_use[1].timeout_s: expected 3600 or less, got 7200`,
      `${file}:6: hooks.session_start[0].command: is required`,
      `${file}:8: permissions.deny[0]: expected a tool name or tool(pattern), e.g. bash(npm test*)`,
    ]);
  });

  it('warns about a key a hook does not have, such as a matcher on session_start', async () => {
    const { root, file } = await projectWith('hooks:\n  session_start:\n    - {command: x, matcher: bash}\n');
    const { config, warnings } = await loadProjectConfig(root);
    expect(config.hooks?.sessionStart).toEqual([{ command: 'x' }]);
    expect(warnings).toEqual([`${file}:3: hooks.session_start[0].matcher: unknown key, ignored`]);
  });
});

describe('the global config', () => {
  it('takes hooks, permissions and trusted_folders of absolute paths', async () => {
    const home = await tempDir();
    await writeText(
      join(home, 'config.yaml'),
      'permissions: {deny: ["bash(rm *)"]}\nhooks: {pre_tool_use: [{command: audit}]}\ntrusted_folders: [/work/api]\n',
    );
    const { config } = await loadGlobalConfig({ env: { FALCON_HOME: home } });
    expect(config.permissions).toEqual({ allow: [], deny: ['bash(rm *)'] });
    expect(config.hooks?.preToolUse).toEqual([{ command: 'audit' }]);
    expect(isTrustedFolder(config, '/work/api')).toBe(true);
    expect(isTrustedFolder(config, '/work/api/sub')).toBe(false);
  });

  it('refuses a trusted folder given as a relative path', async () => {
    const home = await tempDir();
    const file = join(home, 'config.yaml');
    await writeText(file, 'trusted_folders:\n  - work/api\n');
    const error = await expectRejectsLeavingFile(file, () => loadGlobalConfig({ env: { FALCON_HOME: home } }));
    expect(error.message).toBe(`${file}:2: trusted_folders[0]: expected an absolute path`);
  });
});

describe('trustFolder', () => {
  it('adds the folder to trusted_folders keeping the comments, once, and the file private', async () => {
    const home = await tempDir();
    const file = join(home, 'config.yaml');
    await writeText(file, '# my providers\ndefault_provider: local # the fast one\nproviders:\n  local: {model: m}\n', 0o600);
    await trustFolder({ FALCON_HOME: home }, '/work/api');
    await trustFolder({ FALCON_HOME: home }, '/work/web');
    await trustFolder({ FALCON_HOME: home }, '/work/api');
    expect(await readFile(file, 'utf8')).toBe(
      '# my providers\ndefault_provider: local # the fast one\nproviders:\n  local: { model: m }\ntrusted_folders:\n  - /work/api\n  - /work/web\n',
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('creates the file when there is none', async () => {
    const home = await tempDir();
    await trustFolder({ FALCON_HOME: home }, '/work/api');
    expect(await readFile(join(home, 'config.yaml'), 'utf8')).toBe('trusted_folders:\n  - /work/api\n');
  });
});

describe('addProjectAllowRule ("always in this project")', () => {
  it('adds the rule to permissions.allow keeping the rest of the file and its comments, once', async () => {
    const { root, file } = await projectWith('# Settings of the orders API\nframework: express # detected\npermissions:\n  deny: ["write_file(.env*)"]\n');
    expect(await addProjectAllowRule(root, 'bash(npm test)')).toBe(file);
    await addProjectAllowRule(root, 'http_request(http://localhost:3000/*)');
    await addProjectAllowRule(root, 'bash(npm test)');
    expect(await readFile(file, 'utf8')).toBe(
      '# Settings of the orders API\nframework: express # detected\npermissions:\n  deny: [ "write_file(.env*)" ]\n  allow:\n    - bash(npm test)\n    - http_request(http://localhost:3000/*)\n',
    );
    expect((await loadProjectConfig(root)).config.permissions?.allow).toEqual(['bash(npm test)', 'http_request(http://localhost:3000/*)']);
  });

  it('creates the file or the permissions key when missing', async () => {
    const root = await tempDir();
    await addProjectAllowRule(root, 'bash(make)');
    expect(await readFile(join(root, '.falcon', 'config.yaml'), 'utf8')).toBe('permissions:\n  allow:\n    - bash(make)\n');
    const { root: other, file } = await projectWith('framework: flask\npermissions:\n');
    await addProjectAllowRule(other, 'bash(make)');
    expect(await readFile(file, 'utf8')).toBe('framework: flask\npermissions:\n  allow:\n    - bash(make)\n');
  });

  it('leaves a file the loader refuses as it was', async () => {
    const { root, file } = await projectWith('max_turns: lots\n');
    const error = await expectRejectsLeavingFile(file, () => addProjectAllowRule(root, 'bash(make)'));
    expect(error.message).toBe(`${file}:1: max_turns: expected a number, got a string`);
  });
});
