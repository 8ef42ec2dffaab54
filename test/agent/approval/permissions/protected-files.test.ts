import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { protectedChange, protectedFileReason } from '../../../../src/agent/approval/permissions/protected-files.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-protected-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const reason = (file: string, hookFiles: string[] = []) => protectedFileReason(file, { projectRoot: root, hookFiles });

describe('protectedFileReason', () => {
  it('protects the files tools run or read settings from, each with its reason', async () => {
    const cases: Record<string, RegExp> = {
      '.git/config': /^git runs the commands its config and hooks name/,
      '.git/hooks/pre-commit': /^git runs/,
      'vendor/lib/.git/config': /^git runs/,
      '.git': /^git runs/,
      '.husky/pre-commit': /as a hook/,
      '.githooks/pre-push': /as a hook/,
      'lefthook.yml': /as a hook/,
      '.lefthook.yaml': /as a hook/,
      '.pre-commit-config.yaml': /as a hook/,
      '.lintstagedrc.json': /as a hook/,
      '.env': /sets the environment/,
      'config/.env.production': /sets the environment/,
      '.envrc': /^direnv runs it/,
      '.vscode/tasks.json': /^the editor runs/,
      '.vscode/launch.json': /^the editor runs/,
      '.vscode/settings.json': /^the editor runs/,
      '.idea/runConfigurations/App.xml': /^the editor runs/,
      'api.code-workspace': /^the editor runs/,
      '.devcontainer/devcontainer.json': /^dev containers run/,
      '.github/workflows/ci.yml': /^CI runs/,
      '.gitlab-ci.yml': /^CI runs/,
      'package.json': /^npm runs its scripts/,
      'packages/api/package.json': /^npm runs its scripts/,
      '.npmrc': /package manager/,
      '.yarnrc.yml': /package manager/,
      '.pnpmfile.cjs': /package manager/,
      Makefile: /make, npm, cargo/,
      'build/rules.mk': /make, npm, cargo/,
      justfile: /make, npm, cargo/,
      'Taskfile.yml': /make, npm, cargo/,
      'pyproject.toml': /make, npm, cargo/,
      'setup.py': /make, npm, cargo/,
      Gemfile: /make, npm, cargo/,
      Rakefile: /make, npm, cargo/,
      'composer.json': /make, npm, cargo/,
      'build.rs': /make, npm, cargo/,
      '.cargo/config.toml': /make, npm, cargo/,
      'docker-compose.yml': /make, npm, cargo/,
      'gradle/wrapper/gradle-wrapper.properties': /make, npm, cargo/,
      'scripts/deploy.sh': /^it is a script$/,
      'tools/setup.ps1': /^it is a script$/,
      '.bashrc': /the shell or ssh/,
      '.ssh/config': /the shell or ssh/,
      'falcon.md': /instructions of every session/,
      '.falcon/config.yaml': /permission rules/,
      '.falcon/agents/scout.md': /sub-agent/,
      '.falcon/hooks/check.sh': /hooks of \.falcon\/config\.yaml/,
      '.gitignore': /out of git/,
    };
    for (const [file, expected] of Object.entries(cases)) expect(await reason(file), file).toMatch(expected);
  });

  it('knows them in any case and in the spellings other file systems take for them', async () => {
    for (const file of [
      '.GIT/config',
      '.Git/Hooks/pre-commit',
      '.git./config',
      '.git::$INDEX_ALLOCATION/config',
      '.g\u200cit/config',
      'GIT~1/config',
      'PACKAGE.JSON',
      'Deploy.SH',
      '.ENV',
    ]) {
      expect(await reason(file), file).toBeDefined();
    }
  });

  it('leaves the project’s code, its tests and files that only pick a version alone', async () => {
    for (const file of [
      'src/app.ts',
      'test/app.test.ts',
      'jest.config.js',
      'README.md',
      '.nvmrc',
      '.tool-versions',
      'Dockerfile',
      '.editorconfig',
      '.github/CODEOWNERS',
      '.gitattributes',
      'docs/package-json.md',
      'src/env.ts',
    ]) {
      expect(await reason(file), file).toBeUndefined();
    }
  });

  it('protects an executable file, a file a hook of the config runs, and the hooks folder git is told to use', async () => {
    await mkdir(path.join(root, 'bin'));
    await writeFile(path.join(root, 'bin', 'serve'), '#!/usr/bin/env node\n');
    await chmod(path.join(root, 'bin', 'serve'), 0o755);
    await writeFile(path.join(root, 'bin', 'notes.txt'), 'not run\n');
    expect(await reason('bin/serve')).toBe('it is executable');
    expect(await reason('bin/notes.txt')).toBeUndefined();
    expect(await reason('tools/audit.js', ['tools/audit.js'])).toBe('a hook of the Falcon config runs it');

    await mkdir(path.join(root, '.git'));
    await writeFile(
      path.join(root, '.git', 'config'),
      '[core]\n\tbare = false\n[remote "origin"]\n\thooksPath = elsewhere\n[core]\n\thooksPath = "tools/git hooks" # set by the team\n',
    );
    expect(await reason('tools/git hooks/pre-commit')).toBe('git runs the files of tools/git hooks/ as hooks: core.hooksPath');
    expect(await reason('elsewhere/pre-commit')).toBeUndefined();
  });
});

describe('protectedChange', () => {
  it('is the reason a diff was already asked about, else its file’s; other previews have none', async () => {
    const diff = { kind: 'diff', path: 'src/app.ts', diff: '', isNew: false } as const;
    expect(await protectedChange({ ...diff, why: 'BASE_URL moves' }, { projectRoot: root })).toBe('BASE_URL moves');
    expect(await protectedChange({ ...diff, path: '.npmrc' }, { projectRoot: root })).toMatch(/package manager/);
    expect(await protectedChange(diff, { projectRoot: root })).toBeUndefined();
    expect(await protectedChange({ kind: 'command', command: 'make' }, { projectRoot: root })).toBeUndefined();
  });
});
