import { stat } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { comparablePath } from '../../../safety/comparable-path.js';
import type { Preview } from '../../../kit/tool/preview.js';
import { gitHooksFolder } from './git-hooks-folder.js';

/**
 * Files whose change can run code without anyone asking to run it — at the next `git status` or
 * commit, when a folder is entered or opened in an editor, when an allowed `npm test` or `make`
 * runs, in CI with the repository's secrets — or that shape Falcon's own instructions and
 * permissions. Auto-edit, an allow rule and an "always" never approve a change of one: it is asked
 * about, with its reason, in every mode but yolo. Left out on purpose: the project's source and
 * test files and the config files that are code (`jest.config.js`), which run only when the user runs
 * the project, as every edit in auto-edit does; files that only pick a version (`.nvmrc`,
 * `.tool-versions`); a `Dockerfile`, whose commands run inside the image being built.
 */
const PROTECTED: ReadonlyArray<{ patterns: string[]; reason: string }> = [
  { patterns: ['**/falcon.md'], reason: 'it is read into the instructions of every session' },
  { patterns: ['.falcon/agents/**'], reason: 'it is read into the instructions of a sub-agent' },
  { patterns: ['.falcon/hooks/**'], reason: 'the hooks of .falcon/config.yaml run the files of .falcon/hooks/' },
  { patterns: ['.falcon/config.{yaml,yml}'], reason: "it holds the project's permission rules, hooks and MCP servers" },
  { patterns: ['**/.gitignore'], reason: 'it keeps secrets and session logs out of git' },
  {
    patterns: ['**/.git', '**/.git/**', '**/git~[0-9]*/**', '**/.gitconfig'],
    reason: 'git runs the commands its config and hooks name, at the next git command',
  },
  {
    patterns: [
      '**/.husky/**',
      '**/.githooks/**',
      '**/.git-hooks/**',
      '**/{.,}lefthook{,-local}.{yml,yaml,json,toml}',
      '**/.lefthook/**',
      '**/.pre-commit-config.{yaml,yml}',
      '**/{.,}simple-git-hooks.{json,js,cjs,mjs}',
      '**/.lintstagedrc{,.*}',
      '**/lint-staged.config.*',
      '**/.overcommit.yml',
    ],
    reason: 'git runs it as a hook, or the commands it names, at each commit',
  },
  { patterns: ['**/.env', '**/.env.*', '**/.flaskenv'], reason: 'it sets the environment of the tools that load it, Falcon included' },
  { patterns: ['**/.envrc', '**/.direnv/**'], reason: 'direnv runs it as a shell script when the folder is entered' },
  {
    patterns: ['**/.vscode/{tasks,launch,settings}.json', '**/*.code-workspace', '**/.idea/**', '**/.fleet/**', '**/.zed/**'],
    reason: 'the editor runs the tasks, programs and terminal settings it names',
  },
  { patterns: ['**/.devcontainer/**', '**/.devcontainer.json'], reason: 'dev containers run the commands it names, initializeCommand on this machine' },
  {
    patterns: [
      '**/.github/workflows/**',
      '**/.github/actions/**',
      '**/.gitlab-ci.yml',
      '**/.gitlab/ci/**',
      '**/.circleci/**',
      '**/Jenkinsfile',
      '**/azure-pipelines.{yml,yaml}',
      '**/.travis.yml',
      '**/bitbucket-pipelines.yml',
      '**/.buildkite/**',
      '**/.drone.yml',
    ],
    reason: "CI runs the commands it names, with the repository's secrets",
  },
  { patterns: ['**/package.json'], reason: 'npm runs its scripts and links its bin' },
  {
    patterns: ['**/.npmrc', '**/.yarnrc', '**/.yarnrc.yml', '**/.yarn/{releases,plugins}/**', '**/{.,}pnpmfile.{js,cjs,mjs}', '**/bunfig.toml'],
    reason: 'the package manager runs the programs and scripts it names',
  },
  {
    patterns: [
      '**/{Makefile,makefile,GNUmakefile,*.mk}',
      '**/{Justfile,justfile,.justfile}',
      '**/Taskfile{,.dist}.{yml,yaml}',
      '**/{.,}mise.toml',
      '**/.mise/**',
      '**/Procfile',
      '**/{docker-,}compose{,.*}.{yml,yaml}',
      '**/deno.{json,jsonc}',
      '**/composer.json',
      '**/{Gemfile,*.gemspec,Rakefile}',
      '**/{pyproject.toml,setup.py,setup.cfg,Pipfile,tox.ini,noxfile.py}',
      '**/{sitecustomize,usercustomize}.py',
      '**/*.pth',
      '**/{Cargo.toml,build.rs}',
      '**/.cargo/config{,.toml}',
      '**/{build,settings}.gradle{,.kts}',
      '**/{gradle.properties,gradlew,gradlew.bat,mvnw,mvnw.cmd,pom.xml}',
      '**/gradle/wrapper/**',
      '**/.mvn/**',
    ],
    reason: 'its tasks and build steps are the commands make, npm, cargo, gradle and the like run',
  },
  { patterns: ['**/*.{sh,bash,zsh,fish,ksh,command,ps1,psm1,bat,cmd}'], reason: 'it is a script' },
  {
    patterns: [
      '.{bashrc,bash_profile,bash_login,bash_logout,profile,zshrc,zshenv,zprofile,zlogin,inputrc}',
      '.ssh/**',
      '.config/{fish,git,systemd,autostart}/**',
    ],
    reason: 'the shell or ssh reads it when it starts',
  },
];

const MATCHERS = PROTECTED.map(({ patterns, reason }) => ({ matches: picomatch(patterns, { dot: true, nocase: true }), reason }));

/** What judging a file needs besides its name. */
export interface ProtectionContext {
  projectRoot: string;
  /** The project files the session's hooks run (`hooks/hook-script-files.ts`). */
  hookFiles?: readonly string[];
}

/**
 * Why a change of this project file (relative, forward slashes) is asked about in every mode but
 * yolo, or undefined for an ordinary file: its name (in any case or spelling the file system takes
 * for it), a hook of the session or of git runs it, or it is executable.
 */
export async function protectedFileReason(relative: string, context: ProtectionContext): Promise<string | undefined> {
  const byName = protectedByName(relative, context.hookFiles);
  if (byName) return byName;
  const comparable = comparablePath(relative);
  const gitHooks = await gitHooksFolder(context.projectRoot);
  if (gitHooks && (comparable === comparablePath(gitHooks) || comparable.startsWith(`${comparablePath(gitHooks)}/`))) {
    return `git runs the files of ${gitHooks}/ as hooks: core.hooksPath`;
  }
  const info = await stat(path.join(context.projectRoot, relative)).catch(() => undefined);
  if (info?.isFile() && (info.mode & 0o111) !== 0) return 'it is executable';
  return undefined;
}

/**
 * The part of `protectedFileReason` a name alone tells: its name, or a hook of the session running it.
 * For the words of a command, where no file need exist yet.
 */
export function protectedByName(relative: string, hookFiles: readonly string[] = []): string | undefined {
  const comparable = comparablePath(relative);
  const byName = MATCHERS.find(({ matches }) => matches(comparable))?.reason;
  if (byName) return byName;
  if (hookFiles.some((file) => comparablePath(path.posix.normalize(file)) === comparable)) return 'a hook of the Falcon config runs it';
  return undefined;
}

/**
 * Why a change this preview shows needs the user, whatever the mode, an allow rule or an "always"
 * (undefined when it does not): the reason it was asked about already (`why`, e.g. a BASE_URL
 * moving elsewhere), or its file being protected.
 */
export async function protectedChange(preview: Preview, context: ProtectionContext): Promise<string | undefined> {
  if (preview.kind !== 'diff') return undefined;
  return preview.why ?? (await protectedFileReason(preview.path, context));
}
