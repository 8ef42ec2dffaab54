import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceFile } from '../safety/atomic-write.js';
import { withFileLock } from '../safety/file-lock.js';

/** One remembered fact. `/memory` in the TUI reads `facts[].text`: keep that shape. */
export interface MemoryFact {
  id: string;
  text: string;
  /** The project it was learned in (its root folder); absent for facts about the user or in general. */
  project?: string;
  createdAt: string;
}

export class MemoryFileError extends Error {
  override name = 'MemoryFileError';
}

export function memoryFile(falconHome: string): string {
  return path.join(falconHome, 'memory.json');
}

/** The remembered facts; none when the file is missing. A broken file is an error, never overwritten. */
export async function readFacts(falconHome: string): Promise<MemoryFact[]> {
  const file = memoryFile(falconHome);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  let data: unknown;
  try {
    data = text.trim() ? JSON.parse(text) : { facts: [] };
  } catch (error) {
    throw new MemoryFileError(`${file} is not valid JSON (${(error as Error).message}); fix or remove it`);
  }
  const facts = Array.isArray(data) ? data : (data as { facts?: unknown } | null)?.facts;
  if (!Array.isArray(facts)) throw new MemoryFileError(`${file} must hold {"version": 1, "facts": [...]}; fix or remove it`);
  return facts.flatMap((fact, index): MemoryFact[] => {
    if (typeof fact === 'string') return [{ id: `f${index + 1}`, text: fact, createdAt: '' }];
    const { id, text: factText, project, createdAt } = (fact ?? {}) as Partial<MemoryFact>;
    if (typeof factText !== 'string') return [];
    return [{ id: typeof id === 'string' ? id : `f${index + 1}`, text: factText, ...(project && { project }), createdAt: createdAt ?? '' }];
  });
}

/** Adds a fact unless the same text is already remembered; returns the fact and whether it is new. */
export async function rememberFact(falconHome: string, text: string, project?: string): Promise<{ fact: MemoryFact; added: boolean }> {
  return withMemoryLock(falconHome, async () => {
    const facts = await readFacts(falconHome);
    const same = findSameFact(facts, text);
    if (same) return { fact: same, added: false };
    const fact = newFact(facts, text, project);
    await writeFacts(falconHome, [...facts, fact]);
    return { fact, added: true };
  });
}

/** The fact already remembered with this text, whatever its spacing and case. */
export function findSameFact(facts: readonly MemoryFact[], text: string): MemoryFact | undefined {
  return facts.find((fact) => normalize(fact.text) === normalize(text));
}

/** Removes a fact by id; returns it, or undefined when there is none with that id. */
export async function forgetFact(falconHome: string, id: string): Promise<MemoryFact | undefined> {
  return withMemoryLock(falconHome, async () => {
    const facts = await readFacts(falconHome);
    const fact = facts.find((candidate) => candidate.id === id);
    if (fact)
      await writeFacts(
        falconHome,
        facts.filter((candidate) => candidate !== fact),
      );
    return fact;
  });
}

/** Every session of every project remembers into the one file: each change is read, made and written under its lock. */
function withMemoryLock<T>(falconHome: string, update: () => Promise<T>): Promise<T> {
  return withFileLock(memoryFile(falconHome), update, { folderMode: 0o700 });
}

/**
 * Facts matching any word of the query (case-insensitive; a whole word counts more than a word's
 * beginning), best first, then this project's, then the newest. No query: every fact, newest first.
 */
export function recallFacts(facts: MemoryFact[], query: string | undefined, project?: string): MemoryFact[] {
  const words = wordsOf(query ?? '');
  const scored = facts.map((fact, order) => {
    const factWords = wordsOf(fact.text);
    const score = words.reduce((sum, word) => sum + (factWords.includes(word) ? 2 : factWords.some((w) => w.startsWith(word)) ? 1 : 0), 0);
    return { fact, order, score, here: fact.project === project ? 1 : 0 };
  });
  return scored
    .filter((entry) => words.length === 0 || entry.score > 0)
    .sort((a, b) => b.score - a.score || b.here - a.here || b.order - a.order)
    .map((entry) => entry.fact);
}

/** The fact `rememberFact` adds after `facts`. */
export function newFact(facts: readonly MemoryFact[], text: string, project?: string): MemoryFact {
  return { id: nextId(facts), text: text.trim(), ...(project && { project }), createdAt: new Date().toISOString() };
}

/** memory.json as it is written with these facts. */
export function memoryFileText(facts: readonly MemoryFact[]): string {
  return `${JSON.stringify({ version: 1, facts }, null, 2)}\n`;
}

async function writeFacts(falconHome: string, facts: MemoryFact[]): Promise<void> {
  await mkdir(falconHome, { recursive: true, mode: 0o700 });
  await replaceFile(memoryFile(falconHome), memoryFileText(facts), { private: true });
}

function nextId(facts: readonly MemoryFact[]): string {
  const highest = Math.max(0, ...facts.map((fact) => Number(/^f(\d+)$/.exec(fact.id)?.[1] ?? 0)));
  return `f${highest + 1}`;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((word) => word.length > 1);
}

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
