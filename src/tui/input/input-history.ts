import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { falconPath } from '../../workspace/falcon-dir.js';
import { replaceFile } from '../../safety/atomic-write.js';
import { linkedFolderProblem } from '../../safety/linked-folder.js';
import { maskText } from '../../safety/mask-text.js';
import type { SecretRegistry } from '../../safety/secret-registry.js';

export const HISTORY_FILE = 'input-history.jsonl';
/** Entries kept in memory; the file is rewritten to this many once it holds twice as many lines. */
export const HISTORY_LIMIT = 500;

/**
 * What the user sent in this project, oldest first, for ↑/↓ recall across sessions. The file
 * (`.falcon/input-history.jsonl`) holds one JSON string a line, appended, with secrets masked.
 */
export class InputHistory {
  readonly #entries: string[];
  readonly #file: string | undefined;
  #writes: Promise<void> = Promise.resolve();
  #secrets: SecretRegistry | undefined;

  /** Without a file the history lives in memory only. */
  constructor(entries: readonly string[] = [], file?: string) {
    this.#entries = [...entries];
    this.#file = file;
  }

  /** In memory only when `.falcon/` or the file is a link: what the user types stays in the project or nowhere. */
  static async load(projectRoot: string): Promise<InputHistory> {
    const file = falconPath(projectRoot, HISTORY_FILE);
    const linked =
      linkedFolderProblem(projectRoot, path.dirname(file)) !== undefined ||
      (await lstat(file).then(
        (info) => info.isSymbolicLink(),
        () => false,
      ));
    if (linked) return new InputHistory();
    const lines = await readLines(file);
    const history = new InputHistory(withoutRepeats(lines.flatMap(parseEntry)).slice(-HISTORY_LIMIT), file);
    if (lines.length > 2 * HISTORY_LIMIT) await history.#rewriteFile();
    return history;
  }

  /** The current session's secrets: masked, with secret shapes, in what is written from now on. */
  maskWith(secrets: SecretRegistry): void {
    this.#secrets = secrets;
  }

  get entries(): readonly string[] {
    return this.#entries;
  }

  /**
   * Records a sent message unless blank or equal to the previous one. Resolves once it is on
   * disk; a failed write is ignored, as losing a history line must not disturb the session.
   */
  add(text: string): Promise<void> {
    if (text.trim() === '' || this.#entries.at(-1) === text) return this.#writes;
    this.#entries.push(text);
    const file = this.#file;
    if (file === undefined) return this.#writes;
    const entry = formatEntry(text, this.#secrets);
    this.#writes = this.#writes.then(() => appendEntry(file, entry)).catch(() => undefined);
    return this.#writes;
  }

  async #rewriteFile(): Promise<void> {
    try {
      await replaceFile(this.#file as string, this.#entries.map((entry) => formatEntry(entry, this.#secrets)).join(''), { private: true });
    } catch {
      // The long file still works; it is only read more slowly.
    }
  }
}

/** Appends to a regular file, never through a link put in its place. */
const APPEND_NOT_THROUGH_A_LINK = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

async function appendEntry(file: string, entry: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, APPEND_NOT_THROUGH_A_LINK, 0o600);
  try {
    await handle.appendFile(entry);
  } finally {
    await handle.close();
  }
}

function formatEntry(text: string, secrets: SecretRegistry | undefined): string {
  return `${JSON.stringify(maskText(text, { secrets }))}\n`;
}

async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  } catch {
    return [];
  }
}

/** A damaged line (a crash mid-write, a hand edit) is skipped rather than failing the load. */
function parseEntry(line: string): string[] {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'string' && value.trim() !== '' ? [value] : [];
  } catch {
    return [];
  }
}

function withoutRepeats(entries: string[]): string[] {
  return entries.filter((entry, i) => entry !== entries[i - 1]);
}
