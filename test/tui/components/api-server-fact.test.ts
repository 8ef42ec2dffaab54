import { describe, expect, it } from 'vitest';
import type { ServerState, ServerStatus } from '../../../src/engines/api-server/managed-server.js';
import type { ServerSettings } from '../../../src/config/types.js';
import { apiServerFact } from '../../../src/tui/components/api-server-fact.js';

const settings: ServerSettings = {
  command: 'npm run dev',
  cwd: '.',
  env: {},
  ready: { timeoutS: 60 },
  reload: 'watch',
  reloadGuessed: false,
  requestIdHeader: 'X-Request-Id',
};
const status = (state: ServerState, extra: Partial<ServerStatus> = {}): ServerStatus => ({ state, settings, ...extra });

describe('apiServerFact', () => {
  it('says where it runs, that it reloads, that it stopped, or that Falcon did not start it', () => {
    expect(apiServerFact(status('running', { baseUrl: 'http://localhost:3000' }))).toBe('api ● :3000');
    expect(apiServerFact(status('running', { baseUrl: 'https://api.test' }))).toBe('api ● :443');
    expect(apiServerFact(status('starting'))).toBe('api ◐ starting');
    expect(apiServerFact(status('reloading'))).toBe('api ◐ reloading');
    expect(apiServerFact(status('stopped'))).toBe('api ○ stopped');
    expect(apiServerFact(status('exited', { exit: { code: 1 } }))).toBe('api ○ exited (1)');
    expect(apiServerFact(status('external', { baseUrl: 'http://localhost:3000' }))).toBe('api ● (not started by Falcon)');
  });
});
