import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { TargetKind, ToolTarget } from '../../../kit/tool/tool-target.js';
import type { ShellAnalysis } from './shell/shell-command-analysis.js';

export interface CallTarget {
  kind: TargetKind;
  /** Paths relative to the project root with forward slashes; URLs with `{{VAR}}` resolved. */
  value: string;
  /** As the model wrote it, when that differs (a URL with placeholders): deny rules match it too. */
  written?: string;
  /** A command's programs, read from its parse. */
  shell?: ShellAnalysis;
}

/**
 * The call's target (`Tool.target`) as rules see it: a path as written and, when a symlink leads
 * elsewhere in the project, as its real path; a command with the programs it runs; a URL with
 * `{{VAR}}` placeholders filled by `resolve` (one it cannot resolve stays as written).
 */
export async function callTargets(target: ToolTarget | undefined, projectRoot: string, resolve: (text: string) => Promise<string>): Promise<CallTarget[]> {
  if (!target) return [];
  const written = target.value;
  if (target.kind === 'path') return pathTargets(written, projectRoot);
  if (target.kind === 'command') return [await shellCommandTarget(written)];
  const resolved = await resolve(written).catch(() => written);
  const value = normalUrl(resolved);
  return [value === written ? { kind: 'url', value } : { kind: 'url', value, written }];
}

/**
 * A command as rules see it, with the programs it runs: deny rules match each, and a wildcard allow
 * rule (a project's, or a session's "always") only a command that runs one. The parser loads on the
 * first command judged.
 */
export async function shellCommandTarget(command: string): Promise<CallTarget> {
  const { analyseShellCommand } = await import('./shell/shell-command-analysis.js');
  return { kind: 'command', value: command, shell: await analyseShellCommand(command) };
}

/** The path as written and, when it differs, the real path it reaches inside the project. */
export async function pathTargets(file: string, projectRoot: string): Promise<CallTarget[]> {
  const relative = projectRelative(file, projectRoot);
  const real = await realProjectPath(relative, projectRoot);
  return [{ kind: 'path', value: relative }, ...(real !== undefined && real !== relative ? [{ kind: 'path' as const, value: real }] : [])];
}

/** `./src/../a.ts` → `a.ts`; an absolute path inside the project → relative to it. */
export function projectRelative(file: string, projectRoot: string): string {
  const slashed = file.trim().replace(/\\/g, '/');
  const relative = path.isAbsolute(slashed) ? path.relative(projectRoot, slashed).split(path.sep).join('/') : slashed;
  return (
    path.posix
      .normalize(relative)
      .replace(/^(\.\/)+/, '')
      .replace(/\/$/, '') || '.'
  );
}

/** Where a project path really is, symlinks resolved (through its nearest existing folder), relative to the real root; undefined outside it. */
async function realProjectPath(relative: string, projectRoot: string): Promise<string | undefined> {
  if (relative.startsWith('../') || relative === '..') return undefined;
  const root = await realpath(projectRoot).catch(() => projectRoot);
  let existing = path.join(root, relative);
  let rest = '';
  for (;;) {
    const real = await realpath(existing).catch(() => undefined);
    if (real !== undefined) {
      const inside = path.relative(root, path.join(real, rest));
      if (inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
      return inside.split(path.sep).join('/') || '.';
    }
    const parent = path.dirname(existing);
    if (parent === existing) return undefined;
    rest = path.join(path.basename(existing), rest);
    existing = parent;
  }
}

/** The URL as the request will go: `HTTP://Host:80` → `http://host/`. */
function normalUrl(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}
