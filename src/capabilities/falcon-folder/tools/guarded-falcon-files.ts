// Files in .falcon/ that shape every future session or keep secrets out of git: an instruction
// planted in one (by an API response the model obeyed) would persist, so changes are approved.
import type { Preview } from '../../../kit/tool/preview.js';
import { flatStringMap } from '../../../workspace/environments.js';
import { unifiedDiff } from '../../../kit/tool-support/file-diff.js';

/** `.falcon/`-relative paths whose every change the user approves. */
const ALWAYS_APPROVED = new Map([
  ['falcon.md', 'it is read into the instructions of every session'],
  ['.gitignore', 'it keeps session logs and reports out of git'],
]);
/** `.falcon/`-relative folders whose files run as commands or become instructions. */
const ALWAYS_APPROVED_FOLDERS = new Map([
  ['hooks/', 'the hooks of .falcon/config.yaml run the files of .falcon/hooks/'],
  ['agents/', 'it is read into the instructions of a sub-agent'],
]);
const ENVIRONMENT_FILE = /^environments\/[^/]+\.ya?ml$/;

export const GUARDED_FILES_ASK = 'to change falcon.md, .gitignore, hooks/ or agents/, a script or a file a hook runs, or an environment’s BASE_URL origin';

/** The diff to approve when a change to a file in .falcon/ needs approval; undefined when it does not. */
export async function guardedChangePreview(relative: string, before: string | undefined, after: string): Promise<Preview | undefined> {
  if (before === after) return undefined;
  const reason =
    ALWAYS_APPROVED.get(relative) ??
    [...ALWAYS_APPROVED_FOLDERS].find(([folder]) => relative.startsWith(folder))?.[1] ??
    (ENVIRONMENT_FILE.test(relative) ? baseUrlMove(relative, before, after) : undefined);
  if (!reason) return undefined;
  const shown = `.falcon/${relative}`;
  return { kind: 'diff', path: shown, diff: await unifiedDiff(shown, before, after), isNew: before === undefined, why: reason };
}

/** Why an environment file's change needs approval: its BASE_URL moves to another origin. */
function baseUrlMove(relative: string, before: string | undefined, after: string): string | undefined {
  const origin = (text: string | undefined) => {
    const base = text === undefined ? undefined : safeMap(text, relative).BASE_URL;
    return base && URL.canParse(base) ? new URL(base).origin : base;
  };
  const from = origin(before);
  const to = origin(after);
  return to !== undefined && to !== from ? `BASE_URL moves from ${from ?? 'nothing'} to ${to}` : undefined;
}

function safeMap(text: string, relative: string): Record<string, string> {
  try {
    return flatStringMap(text, relative);
  } catch {
    return {};
  }
}
