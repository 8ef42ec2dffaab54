import type { FalconSpec } from '../../../engines/spec/spec-format.js';

/** The path of the spec's first server (`/v1` of `https://api.example.com/v1`), without a trailing slash; empty when it has none. */
export function serverBasePath(spec: FalconSpec): string {
  const url = spec.servers[0]?.url;
  if (!url) return '';
  try {
    return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}
