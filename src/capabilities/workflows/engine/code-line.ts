/** A line of the project's code, as evidence of what a finding says. */
export interface CodeLine {
  /** Project-relative. */
  file: string;
  /** 1-based. */
  line: number;
  text: string;
}

/** The lines of a block of code that starts at `line` of `file`. */
export function codeLines(file: string, line: number, lines: readonly string[]): CodeLine[] {
  return lines.map((text, index) => ({ file, line: line + index, text }));
}
