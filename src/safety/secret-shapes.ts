import { MASK } from './masked-marker.js';

// Masking by shape catches secrets no one registered: ones the model or a server repeats back in
// free text, keys in a pasted .env, `Authorization` headers typed by hand.

const SECRET_KEY_NAMES =
  'authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|access[-_]?token|' +
  'refresh[-_]?token|id[-_]?token|client[-_]?secret|secret|password|passwd|token';

// `$X_API_KEY`, `${TOKEN}`: a shell variable a curl line sends in place of a masked value.
const SHELL_VARIABLE = /^\$\{?[A-Z_][A-Z0-9_]*$/;
// `sid=$SESSION_OF_ALICE`, `sid=[masked:…]`: a cookie whose value stands in for its secret keeps its name.
const NAMED_STAND_IN = /^[\w.-]+=(?:\$\{?[A-Z_][A-Z0-9_]*$|\[masked)/;
// `{{API_KEY}}`, `{{env:TOKEN}}`, a cookie's `session={{SESSION}}`: a placeholder says where a value
// comes from (`-H "X-API-Key: {{API_KEY}}"` in advice). The value stops before `}}`; the match is
// kept only when `}}` then the end of the value follow, so `{{A}}abc123` is still masked.
const PLACEHOLDER_START = /^(?:[\w.-]+=)?\{\{[\w.:-]+$/;
/** After the value: `}}` then its end, captured (else the empty string) without being consumed. */
const PLACEHOLDER_END = String.raw`(?=(\}\}(?:$|[\s"',;&)]))|)`;

const PATTERNS: Array<[RegExp, string | ((...groups: string[]) => string)]> = [
  // "api_key": "value"  /  'password': 'value'  (a value masked already keeps the name it carries)
  [new RegExp(`(["'](?:${SECRET_KEY_NAMES})["']\\s*:\\s*)(["'])(?!\\[masked)(?:\\\\.|(?!\\2).)+\\2`, 'gi'), `$1$2${MASK}$2`],
  // Authorization: Bearer xyz  /  password=xyz  /  api_key: xyz  /  OPENAI_API_KEY=xyz (headers, YAML, query strings, .env);
  // not a value masked already, nor a shell variable standing for one (`-H "X-Api-Key: $X_API_KEY"`)
  [
    new RegExp(`\\b((?:[A-Za-z0-9]+[_-])*(?:${SECRET_KEY_NAMES})\\s*[:=]\\s*)(?!["'\\[])((?:bearer|basic|token)\\s+)?([^\\s,;&"'}]+)${PLACEHOLDER_END}`, 'gi'),
    (whole, key: string, scheme = '', value: string, end = '') =>
      value.startsWith('[masked') || SHELL_VARIABLE.test(value) || NAMED_STAND_IN.test(value) || (end !== '' && PLACEHOLDER_START.test(value))
        ? whole
        : `${key}${scheme}${MASK}`,
  ],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${MASK}`],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, MASK],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, MASK],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, MASK],
  [/\b(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{20,}/g, MASK],
];

/** Header lines, assignments, JSON fields and token formats that hold a secret, masked. */
export function maskSecretShapes(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of PATTERNS) {
    masked = masked.replace(pattern, replacement as string);
  }
  return masked;
}
