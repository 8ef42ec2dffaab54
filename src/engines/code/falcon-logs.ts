import { FALCON_DIR } from '../../workspace/falcon-dir.js';

interface FalconLog {
  segments: readonly string[];
  what: string;
}

/**
 * Falcon's own logs, which no listing or search shows, in any `.falcon/` of the tree: session files
 * hold whole conversations (searching them feeds the model its own past output back) and the input
 * history holds whatever the user typed or pasted. Reports are results, not logs: they follow
 * .gitignore like any file.
 */
const FALCON_LOGS: readonly FalconLog[] = [
  { segments: [FALCON_DIR, 'sessions'], what: "Falcon's session logs" },
  { segments: [FALCON_DIR, 'input-history.jsonl'], what: "Falcon's input history" },
];

/** A listing or search asked for inside one of Falcon's logs. */
export class FalconLogError extends Error {
  override name = 'FalconLogError';
}

/** Throws FalconLogError when a project-relative path is, or lies in, one of Falcon's logs. */
export function refuseFalconLog(relative: string): void {
  const log = falconLogHolding(relative);
  if (log) throw new FalconLogError(`${relative} holds ${log.what}, which listings and searches skip`);
}

export function isInFalconLog(relative: string): boolean {
  return falconLogHolding(relative) !== undefined;
}

function falconLogHolding(relative: string): FalconLog | undefined {
  const segments = splitPath(relative);
  return FALCON_LOGS.find(({ segments: log }) => {
    for (let i = 0; i + log.length <= segments.length; i++) {
      if (log.every((part, j) => segments[i + j] === part)) return true;
    }
    return false;
  });
}

/**
 * Globs, relative to `folder` (project-relative, `''` for the root), naming the logs below it: at any
 * depth (`**\/.falcon/sessions`), and anchored at the folder when it is itself a `.falcon/` (`sessions`).
 * Each names the log itself; callers add `/**` where their glob dialect needs it.
 */
export function falconLogGlobs(folder: string): string[] {
  const segments = splitPath(folder);
  return FALCON_LOGS.flatMap(({ segments: log }) => {
    const globs = [`**/${log.join('/')}`];
    for (let k = 1; k < log.length; k++) {
      if (endsWith(segments, log.slice(0, k))) globs.push(log.slice(k).join('/'));
    }
    return globs;
  });
}

function splitPath(relative: string): string[] {
  return relative.split('/').filter((segment) => segment !== '' && segment !== '.');
}

function endsWith(segments: readonly string[], tail: readonly string[]): boolean {
  return tail.length <= segments.length && tail.every((part, i) => segments[segments.length - tail.length + i] === part);
}
