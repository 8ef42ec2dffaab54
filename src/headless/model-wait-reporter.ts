import type { AgentEvent } from '../agent/events.js';
import { describeModelWait, modelSilentSince } from '../agent/model-wait.js';

const REPORT_EVERY_MS = 15_000;

/**
 * Writes `… waiting for the model (15 s)`, then every 15 s, while a model call sends nothing, so
 * that a person watching a slow local model knows Falcon is not stuck.
 */
export function createModelWaitReporter(write: (line: string) => void, everyMs = REPORT_EVERY_MS): (event: AgentEvent) => void {
  let since: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delayMs: number) => {
    timer = setTimeout(report, Math.max(0, delayMs));
    timer.unref();
  };
  const report = () => {
    if (since === undefined) return;
    const waited = Date.now() - since;
    write(`… ${describeModelWait(waited)}`);
    schedule(everyMs - (waited % everyMs));
  };
  return (event) => {
    const next = modelSilentSince(event, since, Date.now());
    if (next === since) return;
    since = next;
    clearTimeout(timer);
    if (since !== undefined) schedule(since + everyMs - Date.now());
  };
}
