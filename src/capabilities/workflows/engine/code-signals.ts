import type { CodeLine } from './code-line.js';

/** Lines of an endpoint's code that show how it treats who calls it and what they send. */
export interface CodeSignals {
  /** Authentication or authorization: middleware, guards, decorators, token checks. */
  auth: CodeLine[];
  /** Input checks: schema validators, type checks, 400/422 answers. */
  validation: CodeLine[];
  /** A not-found answer (404, NotFound, get_object_or_404 …). */
  notFound: CodeLine[];
  /** SQL text built by concatenation or interpolation. */
  rawSql: CodeLine[];
}

const AUTH =
  /\b(?:\w*auth\w*|\w*token\w*|jwt\w*|bearer|passport|login_required|logged_?in\w*|current_?user|\w*guard\w*|secured|preauthorize|rolesallowed|permission\w*|requireUser|session\.user)\b/i;
const VALIDATION =
  /\bvalidat\w*|\bschema\b|\bjoi\b|\bzod\b|\byup\b|\bcelebrate\b|express-validator|checkSchema|pydantic|BaseModel|@Valid\b|binding:"|ShouldBind|typeof\s+[\w$.[\]'"]+\s*[!=]==|Number\.is(?:Integer|Finite|NaN)|\bisNaN\(|\b(?:400|422)\b|BadRequest|Unprocessable/i;
const NOT_FOUND = /\b404\b|NotFound|not[_ ]found|get_object_or_404|findOrFail|orElseThrow|RecordNotFound|ErrNoRows|DoesNotExist/i;
const SQL = /\b(?:select\s[\s\S]*\sfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;
const BUILT_TEXT = /\$\{|["'`]\s*\+\s*[\w$]|[\w$)\]]\s*\+\s*["'`]|\.format\(|\bf["']|%\s*\(|Sprintf/;

/** Reads the signals line by line: each line is evidence a person can check at its file:line. */
export function readCodeSignals(code: readonly CodeLine[]): CodeSignals {
  const signals: CodeSignals = { auth: [], validation: [], notFound: [], rawSql: [] };
  for (const line of code) {
    const text = withoutComment(line.text);
    if (AUTH.test(text)) signals.auth.push(line);
    if (VALIDATION.test(text)) signals.validation.push(line);
    if (NOT_FOUND.test(text)) signals.notFound.push(line);
    if (SQL.test(text) && BUILT_TEXT.test(text)) signals.rawSql.push(line);
  }
  return signals;
}

/** A line's code without a trailing `//` or `#` comment (a URL's `//` stays). */
function withoutComment(text: string): string {
  return text.replace(/(^|\s)(?:\/\/|#(?!\[)).*$/, '$1');
}
