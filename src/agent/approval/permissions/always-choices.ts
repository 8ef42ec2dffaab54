import path from 'node:path';
import type { Preview } from '../../../kit/tool/preview.js';
import type { CallTarget } from './call-target.js';
import { allowingRule } from './permission-policy.js';
import { type RuleSubject, literalPattern, parsePermissionRules } from './permission-rule-match.js';

/**
 * One answer to "always allow …?": what it allows in words, and the allow rules that say it. The same
 * rules hold for the rest of the session or, saved in `.falcon/config.yaml`, in the project.
 */
export interface AlwaysChoice {
  /** `this command`, `commands starting "npm test"`, `this file (src/app.ts)`, `requests to http://…`. */
  label: string;
  /** `bash(npm test *)`: every target of a call it allows is matched by one of them. */
  rules: string[];
}

/** Commands whose second word is the command itself: `npm test`, `git status`, `docker compose`. */
const WITH_SUBCOMMAND = new Set([
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'bun',
  'bunx',
  'deno',
  'git',
  'gh',
  'docker',
  'podman',
  'kubectl',
  'helm',
  'go',
  'cargo',
  'pip',
  'pip3',
  'poetry',
  'uv',
  'pipenv',
  'make',
  'just',
  'dotnet',
  'mvn',
  './mvnw',
  'gradle',
  './gradlew',
  'bundle',
  'rails',
  'rake',
  'composer',
  'mix',
  'terraform',
  'brew',
  'nx',
  'turbo',
]);

/**
 * Commands that run whatever follows them: `sudo *` or `node *` would allow any command at all, so
 * they are only ever allowed exactly.
 */
const RUNS_ANYTHING = new Set([
  'sudo',
  'doas',
  'su',
  'env',
  'exec',
  'eval',
  'command',
  'builtin',
  'nohup',
  'time',
  'timeout',
  'nice',
  'xargs',
  'watch',
  'ssh',
  'sh',
  'bash',
  'zsh',
  'fish',
  'dash',
  'ksh',
  'node',
  'python',
  'python3',
  'ruby',
  'perl',
  'php',
  'source',
  '.',
]);

const PLAIN_WORD = /^[\w.][\w.+/:@-]*$/;

/**
 * What "always" may allow for a call about to be asked, narrowest first: a command exactly or its
 * first words with a wildcard (`npm test *`); a file or its folder; the origins an info preview sends
 * to; every call of a tool whose preview offers it. None for a change that is not a plain file edit
 * (a protected file, or one asked about for a reason), nor for an info preview that offers nothing.
 * A choice is kept only if its own rules approve this very call, judged as approvals are.
 */
export function alwaysChoices(subject: RuleSubject, preview: Preview, hookFiles?: readonly string[]): AlwaysChoice[] {
  const candidates = candidateChoices(subject, preview);
  return candidates.filter((choice) => allowingRule(parsePermissionRules(choice.rules), subject, preview, hookFiles) !== undefined);
}

function candidateChoices({ tool, targets }: RuleSubject, preview: Preview): AlwaysChoice[] {
  switch (preview.kind) {
    case 'command':
      return commandChoices(tool, valuesOf(targets, 'command'));
    case 'diff':
      return fileChoices(tool, valuesOf(targets, 'path'));
    case 'info':
      if (preview.always?.kind === 'origins') return [originChoice(tool, preview.always.origins)];
      if (preview.always?.kind === 'every_call') return [{ label: `every ${tool} call`, rules: [tool] }];
      return [];
  }
}

function commandChoices(tool: string, commands: string[]): AlwaysChoice[] {
  if (commands.length === 0) return [];
  const exact = { label: 'this command', rules: commands.map((command) => `${tool}(${literalPattern(command)})`) };
  const prefixes = [...new Set(commands.map(leadingWords))];
  const prefix = prefixes.length === 1 ? prefixes[0] : undefined;
  if (!prefix) return [exact];
  return [exact, { label: `commands starting "${prefix}"`, rules: [`${tool}(${literalPattern(prefix)} *)`] }];
}

/**
 * The words that name what a command runs: `npm test` of `npm test -- users`, `ls` of `ls -la`. None
 * when they could stand for any command (`sudo`, `node`, `FOO=1 …`) or are not plain words.
 */
function leadingWords(command: string): string | undefined {
  const words = command.trim().split(/[ \t]+/);
  const [first, second] = words;
  if (first === undefined || !PLAIN_WORD.test(first) || first.includes('=') || RUNS_ANYTHING.has(first)) return undefined;
  if (!WITH_SUBCOMMAND.has(first)) return first;
  if (second === undefined || second.startsWith('-') || !PLAIN_WORD.test(second)) return undefined;
  return `${first} ${second}`;
}

function fileChoices(tool: string, files: string[]): AlwaysChoice[] {
  if (files.length === 0) return [];
  const exact = files.map((file) => `${tool}(${literalPattern(file.includes('/') ? file : `./${file}`)})`);
  const shown = files.at(-1)!;
  const choices = [{ label: `this file (${shown})`, rules: [...new Set(exact)] }];
  // The folder of a file at the root is the whole project: that is what auto-edit mode is for.
  const folders = [...new Set(files.map((file) => path.posix.dirname(file)))];
  if (!folders.includes('.')) {
    const folder = path.posix.dirname(shown);
    choices.push({ label: `files in ${folder}/ and its subfolders`, rules: folders.map((each) => `${tool}(${literalPattern(each)}/**)`) });
  }
  return choices;
}

function originChoice(tool: string, origins: readonly string[]): AlwaysChoice {
  return { label: `requests to ${origins.join(', ')}`, rules: origins.map((origin) => `${tool}(${literalPattern(origin)}/*)`) };
}

function valuesOf(targets: readonly CallTarget[], kind: CallTarget['kind']): string[] {
  return [...new Set(targets.filter((target) => target.kind === kind).map((target) => target.value))];
}
