import { parseSessionLine } from './session-record.js';

/** Whether a session's latest run is going on, has ended, or none has started yet. */
export type RunState = 'running' | 'ended' | 'none';

/** What a session file's line says of the run: `run_start` and `run_end` events; `undefined` for every other line. */
export function runStateOfLine(line: string): Exclude<RunState, 'none'> | undefined {
  const record = parseSessionLine(line);
  if (record?.kind !== 'event' || typeof record.event !== 'object' || record.event === null) return undefined;
  const { type } = record.event as { type?: unknown };
  if (type === 'run_start') return 'running';
  if (type === 'run_end') return 'ended';
  return undefined;
}

/**
 * The state the lines leave the session in: the last run start or end among them. A run whose
 * process died before it ended stays `running` in the file; only its next run_end (or none) tells.
 */
export function lastRunState(lines: readonly string[]): RunState {
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const state = runStateOfLine(lines[index]!);
    if (state) return state;
  }
  return 'none';
}
