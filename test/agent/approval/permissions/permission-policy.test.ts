import { describe, expect, it } from 'vitest';
import { callTargets, projectRelative } from '../../../../src/agent/approval/permissions/call-target.js';
import { PERMISSION_MODES, type PermissionMode, nextPermissionMode } from '../../../../src/agent/approval/permissions/permission-mode.js';
import {
  type GuardedCall,
  type PermissionSettings,
  approvalWithoutAsking,
  policyRefusal,
} from '../../../../src/agent/approval/permissions/permission-policy.js';
import { parsePermissionRules } from '../../../../src/agent/approval/permissions/permission-rule-match.js';
import { analyseShellCommand } from '../../../../src/agent/approval/permissions/shell/shell-command-analysis.js';
import { protectedChange } from '../../../../src/agent/approval/permissions/protected-files.js';
import type { Preview } from '../../../../src/kit/tool/preview.js';
import { createToolRegistry } from '../../../../src/kit/tool/tool-registry.js';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import type { ToolKind } from '../../../../src/kit/tool/tool.js';

const settings = (mode: PermissionMode, allow: string[] = [], deny: string[] = []): PermissionSettings => ({
  mode,
  allow: parsePermissionRules(allow),
  deny: parsePermissionRules(deny),
});

function guarded(tool: string, kind: ToolKind | undefined, args: Record<string, unknown>): GuardedCall {
  const value = typeof args.command === 'string' ? args.command : typeof args.url === 'string' ? args.url : (args.path as string | undefined);
  const targetKind = typeof args.command === 'string' ? 'command' : typeof args.url === 'string' ? 'url' : 'path';
  return { tool, kind, args, targets: value === undefined ? [] : [{ kind: targetKind, value }] };
}

const writeEnv = guarded('write_file', 'write', { path: '.env', content: 'X=1' });
const writeCode = guarded('write_file', 'write', { path: 'src/app.ts', content: '' });
const runTests: GuardedCall = {
  ...guarded('bash', 'exec', { command: 'npm test' }),
  targets: [{ kind: 'command', value: 'npm test', shell: await analyseShellCommand('npm test') }],
};
const post = guarded('http_request', 'network', { method: 'POST', url: 'http://localhost:3000/users' });
const get = guarded('http_request', 'network', { method: 'GET', url: 'http://localhost:3000/users' });
const readCode = guarded('read_file', 'read', { path: 'src/app.ts' });

/** No such folder: nothing on disk makes a file protected, only its name. */
const NO_PROJECT = '/nonexistent/falcon-project';
const diff = (path: string, why?: string): Preview => ({ kind: 'diff', path, diff: '', isNew: false, ...(why && { why }) });
const commandPreview: Preview = { kind: 'command', command: 'npm test' };
const otherOrigin: Preview = { kind: 'info', title: 'send POST to http://localhost:3000', details: '' };

describe('the policy step (before hooks and approval)', () => {
  it('refuses what a deny rule matches, in every mode', () => {
    for (const mode of PERMISSION_MODES) {
      expect(policyRefusal(writeEnv, settings(mode, ['write_file'], ['write_file(.env*)']))).toMatch(
        /^Denied by the permission rule write_file\(\.env\*\): write_file was not run/,
      );
    }
    expect(policyRefusal(writeCode, settings('yolo', [], ['write_file(.env*)']))).toBeUndefined();
  });

  it('refuses in plan mode every call its tool does not declare read-only, saying plan mode is on and why', () => {
    const plan = settings('plan');
    expect(policyRefusal(writeCode, plan)).toMatch(/^Plan mode is on: write_file was not run, as it changes files or saved state\./);
    expect(policyRefusal(runTests, plan)).toMatch(/^Plan mode is on: bash was not run, as it runs a command\./);
    expect(policyRefusal(guarded('run_tests', 'network', {}), plan)).toContain('as it sends requests that may change data, or keeps what they found.');
    expect(policyRefusal(guarded('some_tool', 'read', {}), plan)).toContain('as it is not declared read-only.');
    expect(policyRefusal({ ...readCode, readOnly: true }, plan)).toBeUndefined();
    expect(policyRefusal({ ...post, readOnly: () => 'sends a POST request' }, plan)).toContain('as it sends a POST request.');
    expect(policyRefusal({ ...get, readOnly: () => undefined }, plan)).toBeUndefined();
    // A check that cannot read the arguments (a retried call's, unchecked) does not let the call through.
    const throwing = () => {
      throw new TypeError('x');
    };
    expect(policyRefusal({ ...get, readOnly: throwing }, plan)).toContain('as it sends requests that may change data');
  });

  it('lets the other modes through to approval', () => {
    for (const mode of ['ask', 'auto-edit', 'yolo'] as const) {
      for (const call of [writeCode, runTests, post]) expect(policyRefusal(call, settings(mode))).toBeUndefined();
    }
  });
});

describe('the approval step: approved without asking, or asked', () => {
  it.each([
    // mode, call, preview, allow rules, approved by (undefined: ask)
    ['ask', writeCode, diff('src/app.ts'), [], undefined],
    ['ask', runTests, commandPreview, ['bash(npm test*)'], 'the allow rule bash(npm test*)'],
    ['ask', post, otherOrigin, ['http_request(http://localhost:3000/*)'], 'the allow rule http_request(http://localhost:3000/*)'],
    ['auto-edit', writeCode, diff('src/app.ts'), [], 'auto-edit mode'],
    ['auto-edit', runTests, commandPreview, [], undefined],
    ['auto-edit', post, otherOrigin, [], undefined],
    ['auto-edit', guarded('edit_file', 'write', { path: '.gitignore' }), diff('.gitignore'), [], undefined],
    ['auto-edit', guarded('falcon_write', 'write', { path: 'falcon.md' }), diff('.falcon/falcon.md', 'it is read into the instructions'), [], undefined],
    ['auto-edit', guarded('write_file', 'write', { path: '.falcon/hooks/check.sh' }), diff('.falcon/hooks/check.sh'), [], undefined],
    ['auto-edit', guarded('edit_file', 'write', { path: '.falcon/config.yaml' }), diff('.falcon/config.yaml'), [], undefined],
    ['auto-edit', guarded('write_file', 'write', { path: 'docs/falcon.md' }), diff('docs/falcon.md'), [], undefined],
    ['auto-edit', guarded('environment', 'write', {}), diff('.falcon/environments/dev.yaml', 'BASE_URL moves'), [], undefined],
    // No allow rule approves a protected file: "always in this project" saves rules, and must not cover one.
    ['auto-edit', guarded('edit_file', 'write', { path: '.gitignore' }), diff('.gitignore'), ['edit_file(.gitignore)'], undefined],
    ['ask', guarded('edit_file', 'write', { path: 'src/falcon.md' }), diff('src/falcon.md'), ['edit_file(src/**)'], undefined],
    ['ask', guarded('edit_file', 'write', { path: 'src/app.ts' }), diff('src/app.ts'), ['edit_file(src/**)'], 'the allow rule edit_file(src/**)'],
    ['auto-edit', guarded('write_file', 'write', { path: '.git/config' }), diff('.git/config'), [], undefined],
    ['auto-edit', guarded('write_file', 'write', { path: 'package.json' }), diff('package.json'), [], undefined],
    // An allow rule or "always in this project" never covers a protected file.
    ['ask', guarded('write_file', 'write', { path: '.husky/pre-commit' }), diff('.husky/pre-commit'), ['write_file'], undefined],
    ['ask', writeCode, diff('src/app.ts'), ['write_file'], 'the allow rule write_file'],
    ['yolo', guarded('edit_file', 'write', { path: '.falcon/config.yaml' }), diff('.falcon/config.yaml'), [], 'yolo mode'],
    ['yolo', guarded('edit_file', 'write', { path: '.gitignore' }), diff('.gitignore'), ['edit_file(.gitignore)'], 'yolo mode'],
    ['yolo', runTests, commandPreview, [], 'yolo mode'],
  ] as const)('%s: %s %j → %s', async (mode, call, preview, allow, approvedBy) => {
    const protection = await protectedChange(preview, { projectRoot: NO_PROJECT });
    expect(approvalWithoutAsking(call, preview, settings(mode, [...allow]), protection)).toBe(approvedBy);
  });
});

const registeredTools = createToolRegistry(await loadDefaultTools());

describe('the target of a call, as its tool declares it', () => {
  const tools = registeredTools;

  it('is the command with the programs it runs, the path relative to the project, or the URL with its placeholders resolved', async () => {
    const resolve = async (text: string) => text.replace('{{BASE_URL}}', 'http://LOCALHOST:3000');
    const targets = (tool: string, args: Record<string, unknown>) => callTargets(tools.get(tool)?.target(args), '/p', resolve);
    expect(await targets('bash', { command: 'timeout 5 npm test' })).toEqual([
      {
        kind: 'command',
        value: 'timeout 5 npm test',
        shell: {
          runs: [
            { program: 'timeout', args: ['5', 'npm', 'test'] },
            { program: 'npm', args: ['test'] },
          ],
          unknown: [],
        },
      },
    ]);
    expect(await targets('edit_file', { path: './src/../.env' })).toEqual([{ kind: 'path', value: '.env' }]);
    expect(await targets('write_file', { path: '/p/src/a.ts' })).toEqual([{ kind: 'path', value: 'src/a.ts' }]);
    expect(await targets('falcon_write', { path: 'hooks/x.sh' })).toEqual([{ kind: 'path', value: '.falcon/hooks/x.sh' }]);
    expect(await targets('list_files', {})).toEqual([{ kind: 'path', value: '.' }]);
    expect(await targets('http_request', { url: '{{BASE_URL}}/users' })).toEqual([
      { kind: 'url', value: 'http://localhost:3000/users', written: '{{BASE_URL}}/users' },
    ]);
    expect(await targets('auth', { action: 'login' })).toEqual([]);
    expect(projectRelative('./', '/p')).toBe('.');
  });
});

describe('Shift+Tab', () => {
  it('cycles ask → auto-edit → plan → ask, and through yolo only in a session started in it', () => {
    expect(['ask', 'auto-edit', 'plan'].map((mode) => nextPermissionMode(mode as PermissionMode, 'ask'))).toEqual(['auto-edit', 'plan', 'ask']);
    expect(nextPermissionMode('yolo', 'ask')).toBe('ask');
    expect(PERMISSION_MODES.map((mode) => nextPermissionMode(mode, 'yolo'))).toEqual(['auto-edit', 'plan', 'yolo', 'ask']);
  });
});

describe('the files the hooks run', () => {
  it('are named from the hook commands: paths inside the project, not flags, URLs or paths outside', async () => {
    const { hookScriptFiles } = await import('../../../../src/agent/approval/hooks/hook-script-files.js');
    const hook = (command: string) => ({ command });
    const files = hookScriptFiles(
      {
        preToolUse: [hook('./scripts/check.sh --strict'), hook('node tools/audit.js && echo ok')],
        postToolUse: [hook('curl -s http://localhost:9/x -o /tmp/out'), hook('bash "./scripts/check.sh"')],
        sessionStart: [hook('sh ../outside/start.sh'), hook('echo started')],
      },
      '/work/project',
    );
    expect(files).toEqual(['scripts/check.sh', 'tools/audit.js']);
  });

  it('are protected, like the hooks folder', async () => {
    const context = { projectRoot: NO_PROJECT, hookFiles: ['tools/audit.js'] };
    expect(await protectedChange(diff('tools/audit.js'), context)).toBe('a hook of the Falcon config runs it');
    expect(await protectedChange(diff('./tools/audit.js'), context)).toBe('a hook of the Falcon config runs it');
    expect(await protectedChange(diff('src/app.ts'), context)).toBeUndefined();
  });
});
