export type TraceLanguage = 'python' | 'node' | 'go' | 'java' | 'ruby' | 'rust' | 'dotnet';

/** One location of a stack trace, as the trace printed it. */
export interface StackFrame {
  /** As printed: absolute, relative, a file:// URL, a Windows path, or (Java) a package path. */
  file: string;
  line: number;
  column?: number;
  function?: string;
  language: TraceLanguage;
}

/** What one language's parser found in a text. */
export interface ParsedTrace {
  language: TraceLanguage;
  /** Innermost (where the error was raised) first, whatever order the language prints them in. */
  frames: StackFrame[];
  /** The root cause's type, e.g. `TypeError`, `KeyError`, `java.lang.NullPointerException`, `panic`. */
  errorType?: string;
  message?: string;
  /** The outermost error when the root cause was wrapped (`Caused by:`, chained exceptions). */
  wrappedBy?: string;
}

/** Reads one language's traces out of free text; undefined when the text holds none of them. */
export type TraceParser = (text: string) => ParsedTrace | undefined;

/** `Type: message` as one line, for headings and wrapped errors. */
export function describeError(type: string | undefined, message: string | undefined): string | undefined {
  if (!type) return message || undefined;
  return message ? `${type}: ${message}` : type;
}
