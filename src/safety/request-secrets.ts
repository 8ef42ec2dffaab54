import { isLiteralSecret, isSecretName, variableNameFor } from './secret-names.js';
import { secretLines } from './secret-lines.js';

/** A clear-text secret found in a request about to be saved, and the placeholder to use instead. */
export interface ClearTextSecret {
  /** `header Authorization`, `body field user.password`, `URL query api_key`. */
  where: string;
  /** What to write instead: `"Authorization": "Bearer {{API_TOKEN}}"`. */
  instead: string;
  /** The variable to define: `API_TOKEN`. */
  variable: string;
}

export interface SavedRequestParts {
  url: string;
  headers?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key', 'apikey']);
// Query keys that mean a credential even though the word is generic (Google's `?key=`, signed URLs).
const SECRET_QUERY_KEYS = new Set(['key', 'sig', 'signature']);

/** Every clear-text secret in a request's headers, URL, query and body. */
export function findRequestSecrets(request: SavedRequestParts): ClearTextSecret[] {
  return [
    ...headerSecrets(request.headers ?? {}),
    ...urlSecrets(request.url),
    ...queryEntries(Object.entries(request.query ?? {}), 'query'),
    ...bodySecrets(request.body),
  ];
}

function headerSecrets(headers: Record<string, string>): ClearTextSecret[] {
  return Object.entries(headers).flatMap(([name, value]) => {
    const lower = name.toLowerCase();
    if (!(SECRET_HEADERS.has(lower) || isSecretName(name)) || !isLiteralSecret(value)) return [];
    if (lower.endsWith('authorization')) {
      const scheme = /^\s*(\w+)\s+\S/.exec(value)?.[1] ?? 'Bearer';
      const variable = /^basic$/i.test(scheme) ? 'BASIC_AUTH' : 'API_TOKEN';
      return [{ where: `header ${name}`, instead: `"${name}": "${scheme} {{${variable}}}"`, variable }];
    }
    const variable = lower === 'cookie' ? 'SESSION_COOKIE' : variableNameFor(name);
    return [{ where: `header ${name}`, instead: `"${name}": "{{${variable}}}"`, variable }];
  });
}

function urlSecrets(url: string): ClearTextSecret[] {
  const found: ClearTextSecret[] = [];
  const credentials = /^[a-z][\w+.-]*:\/\/([^/?#@]*)@/i.exec(url)?.[1];
  if (credentials?.includes(':') && isLiteralSecret(credentials.slice(credentials.indexOf(':') + 1))) {
    found.push({ where: 'URL user:password', instead: '"Authorization": "Basic {{BASIC_AUTH}}" (no credentials in the URL)', variable: 'BASIC_AUTH' });
  }
  const query = url.split('#')[0]!.split('?').slice(1).join('?');
  if (query) found.push(...queryEntries([...new URLSearchParams(query).entries()], 'URL query'));
  return found;
}

function queryEntries(entries: Array<[string, unknown]>, label: string): ClearTextSecret[] {
  return entries.flatMap(([key, value]) => {
    if (!(isSecretName(key) || SECRET_QUERY_KEYS.has(key.toLowerCase())) || !isLiteralSecret(value)) return [];
    const variable = key.toLowerCase() === 'key' ? 'API_KEY' : variableNameFor(key);
    return [{ where: `${label} ${key}`, instead: `${key}={{${variable}}}`, variable }];
  });
}

function bodySecrets(body: unknown): ClearTextSecret[] {
  if (typeof body !== 'string') return fieldSecrets(body, '');
  const json = parseJson(body);
  if (json !== undefined) return fieldSecrets(json, '');
  if (/^[^\s=&]+=[^&]*(&[^\s=&]+=[^&]*)*$/.test(body.trim())) {
    return queryEntries([...new URLSearchParams(body.trim()).entries()], 'form field');
  }
  return secretLines(body).map((line) => ({ where: `body text "${line}"`, instead: 'a {{VAR}} placeholder', variable: 'SECRET' }));
}

function fieldSecrets(value: unknown, path: string): ClearTextSecret[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldSecrets(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = path ? `${path}.${key}` : key;
    if (isSecretName(key) && isLiteralSecret(item)) {
      const variable = variableNameFor(key);
      return [{ where: `body field ${here}`, instead: `"${key}": "{{${variable}}}"`, variable }];
    }
    return fieldSecrets(item, here);
  });
}

function parseJson(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The refusal: what is in clear, what to write instead, and where to keep the value. */
export function describeSecretRefusal(secrets: ClearTextSecret[], environment: string | undefined): string {
  const file = `.falcon/environments/${environment ?? 'dev'}.yaml`;
  const lines = secrets.map((secret) =>
    secret.variable === 'SECRET'
      ? `- ${secret.where}: use ${secret.instead}`
      : `- ${secret.where}: use ${secret.instead} and put ${secret.variable} in ${file} or use {{env:${secret.variable}}}`,
  );
  return [
    'Not saved: saved requests never keep secrets in clear.',
    ...lines,
    `To keep a value out of the project too, write it in ${file} as NAME: "{{env:NAME}}" and export NAME in the shell or .env.`,
  ].join('\n');
}
