export interface CodeSearchOptions {
  /** A regular expression matched line by line, or plain text when `literal`. */
  pattern: string;
  /** File or folder to search, relative to the project root and already checked to lie inside; default the root. */
  path?: string;
  /** Glob relative to the folder searched (`*.ts`, `src/**\/*.py`); ignored when `path` is a file. */
  filePattern?: string;
  /** Match `pattern` as plain text. */
  literal?: boolean;
  ignoreCase?: boolean;
  /** Lines to show before and after each match, as `grep -C`. Default 0. */
  contextLines?: number;
  /** Matches kept in the result; the rest are only counted. Default 100. */
  maxMatches?: number;
  /** Files left out of the search (project-relative paths): what a deny rule keeps from being read. */
  exclude?: (file: string) => boolean;
  /** Use ripgrep when it is on PATH (default); false forces the JavaScript search. */
  preferRipgrep?: boolean;
  signal?: AbortSignal;
}

/** What is searched, resolved: a file, or a folder whose files are searched. */
export interface SearchTarget {
  /** Relative to the project root, `.` for the root. */
  path: string;
  isFile: boolean;
}

export interface CodeMatch {
  /** Relative to the project root, with forward slashes. */
  path: string;
  line: number;
  /**
   * The line cut to MAX_MATCH_TEXT characters, without trailing whitespace; without context lines
   * also without indentation (a list of single lines reads better flush left).
   */
  text: string;
}

/** A line of the result in file and line order: a match, or a context line around one. */
export interface CodeLine extends CodeMatch {
  isMatch: boolean;
}

/** What either engine found. */
export interface CollectedMatches {
  matches: CodeMatch[];
  /** Matches and their context lines in order; the same as `matches` without context. */
  lines: CodeLine[];
  totalMatches: number;
  engine: 'ripgrep' | 'javascript';
}

export interface CodeSearchResult extends CollectedMatches {
  /** Symlinks the file pattern named that lead outside the project, relative to the root: not searched. */
  linksOutside: string[];
}

export class InvalidRegexError extends Error {
  override name = 'InvalidRegexError';
}
