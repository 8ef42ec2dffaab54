import { type MaskOptions, maskText } from './mask-text.js';

const COOKIE_MASK = '***';

/**
 * A header value fit to show or keep: registered values masked, cookie values hidden but their
 * names and attributes kept (the model needs to know which cookies there are), and the rest masked
 * by shape as the line `name: value`, so that `Authorization`, `X-Api-Key` and the like are caught.
 */
export function maskHeaderValue(name: string, value: string, options: MaskOptions = {}): string {
  const known = options.secrets ? options.secrets.maskValues(value) : value;
  const lower = name.toLowerCase();
  if (lower === 'set-cookie') return known.replace(/^([^=;]*)=([^;]*)/, `$1=${COOKIE_MASK}`);
  if (lower === 'cookie') return known.replace(/([^=;\s]+)=([^;]*)/g, `$1=${COOKIE_MASK}`);
  const line = maskText(`${name}: ${known}`);
  return line.slice(line.indexOf(':') + 2);
}

export function maskHeaders(headers: Record<string, string>, options: MaskOptions = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskHeaderValue(name, value, options)]));
}
