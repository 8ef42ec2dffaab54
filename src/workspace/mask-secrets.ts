// Secrets never reach disk in clear (DESIGN §6). Masking is by shape, so it also catches secrets
// that the model or a server repeats back in free text.

const MASK = '[masked]';

const SECRET_KEY_NAMES =
  'authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|access[-_]?token|' +
  'refresh[-_]?token|id[-_]?token|client[-_]?secret|secret|password|passwd|token';

const PATTERNS: Array<[RegExp, string | ((...groups: string[]) => string)]> = [
  // "api_key": "value"  /  'password': 'value'
  [new RegExp(`(["'](?:${SECRET_KEY_NAMES})["']\\s*:\\s*)(["'])(?:\\\\.|(?!\\2).)+\\2`, 'gi'), `$1$2${MASK}$2`],
  // Authorization: Bearer xyz  /  password=xyz  /  api_key: xyz  /  OPENAI_API_KEY=xyz (headers, YAML, query strings, .env)
  [
    new RegExp(`\\b((?:[A-Za-z0-9]+[_-])*(?:${SECRET_KEY_NAMES})\\s*[:=]\\s*)(?!["'\\[])((?:bearer|basic|token)\\s+)?[^\\s,;&"'}]+`, 'gi'),
    (_m, key: string, scheme = '') => `${key}${scheme}${MASK}`,
  ],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${MASK}`],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, MASK],
  [/\bsk-[A-Za-z0-9_-]{16,}/g, MASK],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, MASK],
  [/\b(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{20,}/g, MASK],
];

export function maskSecrets(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of PATTERNS) {
    masked = masked.replace(pattern, replacement as string);
  }
  return masked;
}
