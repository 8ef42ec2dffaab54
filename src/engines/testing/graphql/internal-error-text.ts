/**
 * What an error message shows of the server's inside rather than of the request: a database's
 * words (SQL errors, driver codes), a stack trace, a runtime's exception names. GraphQL's own
 * messages (`Syntax Error: …`, `Variable "$x" got invalid value`) match none of them.
 */
const INTERNAL_PATTERNS: readonly RegExp[] = [
  /\bSQLITE_[A-Z]+\b|\bSQLSTATE\b|\bORA-\d{5}\b|\bPG::|\bER_[A-Z_]+\b/,
  /syntax error (at or near|in (SELECT|INSERT|UPDATE|DELETE))|near "[^"]*": syntax error|error in your SQL syntax|unterminated quoted string/i,
  /value too long for type|duplicate key value violates|violates (foreign key|not-null|unique) constraint|relation "[^"]+" does not exist/i,
  /\n\s+at [^\n]+\([^)]+:\d+:\d+\)|^\s*at [\w.<>]+ \([^)]*:\d+:\d+\)/m,
  /Traceback \(most recent call last\)|\b(NullPointerException|IllegalStateException|RuntimeException|NoMethodError|SQLException)\b/,
  /\b(TypeError|ReferenceError|RangeError): |Cannot read propert(y|ies) of (undefined|null)/,
];

/** Extension codes servers give an unexpected error (Apollo Server, graphql-java, Hot Chocolate). */
const INTERNAL_CODES: ReadonlySet<string> = new Set(['INTERNAL_SERVER_ERROR', 'INTERNAL_ERROR', 'UNEXPECTED_EXECUTION_ERROR']);

/** The part of an internal text that shows it, for a finding to quote; undefined for an ordinary message. */
export function internalErrorExcerpt(text: string): string | undefined {
  for (const pattern of INTERNAL_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0].trim();
  }
  return undefined;
}

export function isInternalErrorCode(code: unknown): boolean {
  return typeof code === 'string' && INTERNAL_CODES.has(code);
}
