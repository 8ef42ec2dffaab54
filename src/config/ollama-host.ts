const OLLAMA_DEFAULT_PORT = '11434';

/**
 * Reads an Ollama host the way the `ollama` CLI reads `OLLAMA_HOST`: `host`, `host:port` and
 * `:port` mean plain http on that host (127.0.0.1 when empty) and port (11434 when absent).
 * A value with a scheme is taken as a URL and kept as written.
 */
export function normalizeOllamaHost(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  const [hostPort = '', ...rest] = trimmed.split('/');
  const path = rest.length > 0 ? `/${rest.join('/')}` : '';
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(hostPort);
  if (!match) return `http://${trimmed}`;
  return `http://${match[1] || '127.0.0.1'}:${match[2] || OLLAMA_DEFAULT_PORT}${path}`;
}
