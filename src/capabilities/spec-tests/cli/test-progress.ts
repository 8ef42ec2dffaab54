import type { Paint } from '../../../config/paint.js';
import type { SpecTestPlan } from '../../../engines/testing/run-spec-tests.js';
import type { CaseResult } from '../../../engines/testing/test-run.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { specLabel } from '../../../engines/spec/summarize-spec.js';
import { maskText } from '../../../safety/mask-text.js';

export interface TestProgress {
  plan(plan: SpecTestPlan, workers: number): void;
  result(result: CaseResult, done: number, total: number): void;
  /** Clears the bar, if one is drawn. */
  finish(): void;
}

const BAR_WIDTH = 20;
const REDRAW_EVERY_MS = 60;

/**
 * Progress on stderr. On a terminal, one line redrawn in place and cleared at the end; elsewhere
 * (CI logs) a plain line at every tenth of the way, so the log stays readable.
 */
export function testProgress(stream: NodeJS.WriteStream, paint: Paint): TestProgress {
  const terminal = stream.isTTY === true;
  let failed = 0;
  let drawn = false;
  let lastDraw = 0;
  let lastTenth = 0;

  const draw = (done: number, total: number, current: string) => {
    const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
    const counts = `${done}/${total} cases · ${failed} failed`;
    const room = Math.max(0, (stream.columns || 80) - 1 - (BAR_WIDTH + 2) - 1 - counts.length - 3);
    const operation = current.length > room ? `${current.slice(0, Math.max(0, room - 1))}…` : current;
    const bar = `[${paint('green', '█'.repeat(filled))}${paint('dim', '░'.repeat(BAR_WIDTH - filled))}]`;
    const failures = failed > 0 ? paint('red', `${failed} failed`) : `${failed} failed`;
    stream.write(`\r${bar} ${done}/${total} cases · ${failures}${room > 1 ? ` · ${operation}` : ''}\x1b[K`);
    drawn = true;
  };

  return {
    plan(plan, workers) {
      const from = { given: '', environment: ' (BASE_URL of the environment)', spec: " (the spec's server)" }[plan.baseUrlFrom];
      const line = `Testing ${specLabel(plan.spec)} at ${plan.baseUrl}${from}: ${plan.cases.length} cases for ${plan.operations.length} operations, ${workers} at a time`;
      stream.write(`${terminalSafeText(maskText(line))}\n`);
    },
    result(result, done, total) {
      if (result.outcome === 'failed') failed++;
      if (terminal) {
        const now = Date.now();
        if (done < total && now - lastDraw < REDRAW_EVERY_MS) return;
        lastDraw = now;
        draw(done, total, terminalSafeText(`${result.case.request.method} ${result.case.request.path}`));
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`  ${done}/${total} cases · ${failed} failed\n`);
      }
    },
    finish() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
