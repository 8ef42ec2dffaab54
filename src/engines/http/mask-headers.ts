import { maskSecrets } from '../../workspace/mask-secrets.js';

const COOKIE_MASK = '***';

/**
 * A header value fit to show or keep: cookie values hidden but their names and attributes kept (the
 * model needs to know which cookies there are), anything else through maskSecrets.
 */
export function maskHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase();
  if (lower === 'set-cookie') return value.replace(/^([^=;]*)=([^;]*)/, `$1=${COOKIE_MASK}`);
  if (lower === 'cookie') return value.replace(/([^=;\s]+)=([^;]*)/g, `$1=${COOKIE_MASK}`);
  const line = maskSecrets(`${name}: ${value}`);
  return line.slice(line.indexOf(':') + 2);
}

export function maskHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskHeaderValue(name, value)]));
}
