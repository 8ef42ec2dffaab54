import type { ServerStatus } from '../../engines/api-server/managed-server.js';

/** `api ● :3000`, `api ◐ reloading`, `api ○ stopped`, `api ● (not started by Falcon)`: the status line's fact about the API's server. */
export function apiServerFact(status: ServerStatus): string {
  switch (status.state) {
    case 'running':
      return `api ● ${portOf(status.baseUrl)}`;
    case 'starting':
      return 'api ◐ starting';
    case 'reloading':
      return 'api ◐ reloading';
    case 'external':
      return 'api ● (not started by Falcon)';
    case 'exited':
      return `api ○ exited${status.exit?.code !== undefined ? ` (${status.exit.code})` : ''}`;
    case 'stopped':
      return 'api ○ stopped';
  }
}

function portOf(baseUrl: string | undefined): string {
  if (!baseUrl) return 'running';
  try {
    const url = new URL(baseUrl);
    return `:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return 'running';
  }
}
