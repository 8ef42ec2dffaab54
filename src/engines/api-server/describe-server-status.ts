import path from 'node:path';
import type { ServerState, ServerStatus } from './managed-server.js';
import { describeExit } from './managed-server.js';

const STATE_WORDS: Record<ServerState, string> = {
  stopped: 'stopped',
  starting: 'starting',
  running: 'running',
  reloading: 'reloading after a change',
  external: 'answering, but not started by Falcon (its log lines are unavailable)',
  exited: 'exited',
};

/** The server's state and settings in a few lines, for `server status` and `/server status`. */
export function describeServerStatus(status: ServerStatus, log: { file?: string; count: number }, projectRoot: string, now: number): string {
  const { settings } = status;
  const since =
    status.startedAt !== undefined && (status.state === 'running' || status.state === 'reloading')
      ? `, started ${describeAge(now - status.startedAt)} ago`
      : '';
  const pid = status.pid !== undefined && status.state !== 'external' ? ` (pid ${status.pid})` : '';
  const exit = status.state === 'exited' && status.exit ? ` (${describeExit(status.exit)})` : '';
  const ready = settings.ready.url
    ? `when ${settings.ready.url} answers`
    : settings.ready.log
      ? `when it prints "${settings.ready.log}"`
      : 'when BASE_URL answers';
  const lines = [
    `The API's server: ${STATE_WORDS[status.state]}${exit}${since}${pid}${status.baseUrl ? `, at ${status.baseUrl}` : ', BASE_URL not set'}`,
    `  command: ${settings.command}${settings.cwd !== '.' ? ` (in ${settings.cwd})` : ''}`,
    `  ready: ${ready}, within ${settings.ready.timeoutS} s`,
    `  reload: ${settings.reload}${settings.reloadGuessed ? ' (read from the command; set server.reload to change it)' : ''}`,
    `  request id header: ${settings.requestIdHeader === false ? 'none' : settings.requestIdHeader}`,
  ];
  if (log.file) lines.push(`  log: ${path.relative(projectRoot, log.file).split(path.sep).join('/')} (${log.count} line${log.count === 1 ? '' : 's'})`);
  return lines.join('\n');
}

function describeAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
