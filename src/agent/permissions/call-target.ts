import path from 'node:path';

/** What a rule's pattern is matched against: a shell command, a project path or a URL. */
export type TargetKind = 'command' | 'path' | 'url';

export interface CallTarget {
  kind: TargetKind;
  /** Paths relative to the project root with forward slashes; URLs with `{{VAR}}` resolved. */
  value: string;
  /** As the model wrote it, when that differs (a URL with placeholders): deny rules match it too. */
  written?: string;
}

interface MainArgument {
  kind: TargetKind;
  /** The argument as written; undefined when the call has none. */
  of(args: Record<string, unknown>): string | undefined;
}

const text = (name: string, fallback?: string) => (args: Record<string, unknown>) =>
  typeof args[name] === 'string' ? (args[name] as string) : fallback;
const falconFile = (args: Record<string, unknown>) =>
  typeof args.path === 'string' ? `.falcon/${args.path.trim().replace(/^(\.\/)?\.falcon(\/|$)/, '')}` : undefined;

/** The one argument a rule `tool(pattern)` is about, per tool. Tools not named here match bare rules only. */
const MAIN_ARGUMENTS: Readonly<Record<string, MainArgument>> = {
  bash: { kind: 'command', of: text('command') },
  read_file: { kind: 'path', of: text('path') },
  write_file: { kind: 'path', of: text('path') },
  edit_file: { kind: 'path', of: text('path') },
  propose_fix: { kind: 'path', of: text('path') },
  list_files: { kind: 'path', of: text('path', '.') },
  glob: { kind: 'path', of: text('path', '.') },
  search_code: { kind: 'path', of: text('path', '.') },
  falcon_read: { kind: 'path', of: falconFile },
  falcon_write: { kind: 'path', of: falconFile },
  http_request: { kind: 'url', of: text('url') },
  run_performance: { kind: 'url', of: text('url') },
};

/**
 * The call's main argument as rules see it. `resolve` fills `{{VAR}}` placeholders of a URL; a URL it
 * cannot resolve stays as written.
 */
export async function mainArgumentTarget(
  tool: string,
  args: Record<string, unknown>,
  projectRoot: string,
  resolve: (text: string) => Promise<string>,
): Promise<CallTarget | undefined> {
  const argument = MAIN_ARGUMENTS[tool];
  const written = argument?.of(args);
  if (!argument || written === undefined) return undefined;
  if (argument.kind === 'path') return { kind: 'path', value: projectRelative(written, projectRoot) };
  if (argument.kind === 'command') return { kind: 'command', value: written };
  const resolved = await resolve(written).catch(() => written);
  const value = normalUrl(resolved);
  return value === written ? { kind: 'url', value } : { kind: 'url', value, written };
}

/** `./src/../a.ts` → `a.ts`; an absolute path inside the project → relative to it. */
export function projectRelative(file: string, projectRoot: string): string {
  const slashed = file.trim().replace(/\\/g, '/');
  const relative = path.isAbsolute(slashed) ? path.relative(projectRoot, slashed).split(path.sep).join('/') : slashed;
  return path.posix.normalize(relative).replace(/^(\.\/)+/, '').replace(/\/$/, '') || '.';
}

/** The URL as the request will go: `HTTP://Host:80` → `http://host/`. */
function normalUrl(url: string): string {
  return URL.canParse(url) ? new URL(url).href : url;
}
