import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPathInside } from '../../../safety/path-inside.js';

/**
 * The folder the repository's own config tells git to run hooks from (`core.hooksPath`, as husky
 * sets it), relative to the project, when it is inside the project; undefined otherwise. Only the
 * repository's `.git/config` is read: a hooks folder named elsewhere is the user's own choice.
 */
export async function gitHooksFolder(projectRoot: string): Promise<string | undefined> {
  const text = await readFile(path.join(projectRoot, '.git', 'config'), 'utf8').catch(() => undefined);
  const hooksPath = text === undefined ? undefined : coreHooksPath(text);
  if (!hooksPath) return undefined;
  const folder = path.resolve(projectRoot, hooksPath);
  if (folder === projectRoot || !isPathInside(projectRoot, folder)) return undefined;
  return path.relative(projectRoot, folder).split(path.sep).join('/');
}

/** `hooksPath` of the last `[core]` section that sets it, as git reads it: keys in any case, values maybe quoted. */
function coreHooksPath(config: string): string | undefined {
  let section = '';
  let found: string | undefined;
  for (const raw of config.split('\n')) {
    const line = raw.replace(/(^|\s)[#;].*$/, '').trim();
    const header = /^\[\s*([^\]\s"]+)(?:\s+"[^"]*")?\s*\]$/.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      continue;
    }
    const entry = /^([A-Za-z][\w-]*)\s*=\s*(.*)$/.exec(line);
    if (section === 'core' && entry && entry[1]!.toLowerCase() === 'hookspath') found = entry[2]!.replace(/^"(.*)"$/, '$1');
  }
  return found;
}
