import { readFile } from 'node:fs/promises';
import { resolveInsideProject } from '../../safety/project-path.js';

export const EXCERPT_RADIUS = 8;

/** Lines around a frame's line, as the file is now. */
export interface CodeExcerpt {
  firstLine: number;
  lines: string[];
  /** The frame's line, or undefined when the file is shorter (it changed since the trace). */
  focusLine?: number;
}

/** Reads ±EXCERPT_RADIUS lines around `line` of a project file; undefined when it cannot be read. */
export async function readCodeExcerpt(projectRoot: string, relative: string, line: number): Promise<CodeExcerpt | undefined> {
  let text: string;
  try {
    const target = await resolveInsideProject(projectRoot, relative);
    text = await readFile(target.absolute, 'utf8');
  } catch {
    return undefined;
  }
  const all = text.split(/\r?\n/);
  if (all.at(-1) === '') all.pop();
  const first = Math.max(1, line - EXCERPT_RADIUS);
  const last = Math.min(all.length, line + EXCERPT_RADIUS);
  if (first > last) return undefined;
  return { firstLine: first, lines: all.slice(first - 1, last), focusLine: line <= all.length ? line : undefined };
}

/** The frame's own line of code, trimmed. */
export function focusCode(excerpt: CodeExcerpt | undefined): string | undefined {
  if (!excerpt || excerpt.focusLine === undefined) return undefined;
  return excerpt.lines[excerpt.focusLine - excerpt.firstLine]?.trim();
}
