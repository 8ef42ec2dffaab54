import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * How many confirmations the project's sessions asked for, from their own record: the screen may
 * draw one panel several times, so counting it in a terminal's output says nothing.
 */
export async function confirmationsAsked(project: string): Promise<number> {
  const folder = path.join(project, '.falcon', 'sessions');
  const logs = (await readdir(folder)).filter((name) => name.endsWith('.jsonl'));
  const texts = await Promise.all(logs.map((name) => readFile(path.join(folder, name), 'utf8')));
  return texts.flatMap((text) => text.split('\n')).filter((line) => line.includes('"type":"confirmation_required"')).length;
}
