import type { CodeLine, CodeMatch, CollectedMatches } from './code-search-types.js';

export const MAX_MATCH_TEXT = 300;

/**
 * Gathers what either search engine reports, in the order reported (files in path order, lines in
 * order): keeps the first `max` matches and the context lines around them, counts every match.
 */
export class MatchCollector {
  private readonly matches: CodeMatch[] = [];
  private readonly lines: CodeLine[] = [];
  private total = 0;
  private lastKept: CodeMatch | undefined;

  constructor(
    private readonly max: number,
    private readonly contextLines: number,
  ) {}

  get isFull(): boolean {
    return this.matches.length >= this.max;
  }

  /** Whether context lines can still be kept: not once a match past the last kept one was seen. */
  get needsContext(): boolean {
    return this.total === this.matches.length;
  }

  /** A match past the ones kept: only counted, so the caller need not even parse it. */
  countMatch(): void {
    this.total++;
  }

  addMatch(file: string, line: number, text: string): void {
    this.total++;
    if (this.isFull) return;
    const match = { path: file, line, text: this.shorten(text) };
    this.matches.push(match);
    this.lines.push({ ...match, isMatch: true });
    this.lastKept = match;
  }

  /** Context before a match that will be kept, or after one that was. */
  addContext(file: string, line: number, text: string): void {
    const afterLastKept = this.lastKept?.path === file && line <= this.lastKept.line + this.contextLines;
    if (this.isFull && !afterLastKept) return;
    this.lines.push({ path: file, line, text: this.shorten(text), isMatch: false });
  }

  result(engine: CollectedMatches['engine']): CollectedMatches {
    return { matches: this.matches, lines: this.lines, totalMatches: this.total, engine };
  }

  private shorten(text: string): string {
    const trimmed = this.contextLines > 0 ? text.trimEnd() : text.trim();
    return trimmed.length > MAX_MATCH_TEXT ? `${trimmed.slice(0, MAX_MATCH_TEXT)}…` : trimmed;
  }
}
