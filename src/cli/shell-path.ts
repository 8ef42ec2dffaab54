import { displayPath } from '../config/falcon-home.js';

const PLAIN = /^[\w@%+=:,./-]+$/;

/** A path to paste into a command: `~/.falcon/config.yaml`, or the whole path quoted when it needs quotes. */
export function shellPath(path: string): string {
  const shown = displayPath(path);
  if (PLAIN.test(shown.replace(/^~\//, ''))) return shown;
  return `'${path.replaceAll("'", `'\\''`)}'`;
}
