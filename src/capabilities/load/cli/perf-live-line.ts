import type { LoadProgress } from '../../../engines/perf/load-progress.js';
import { progressText } from '../../../engines/perf/report/progress-text.js';

export interface PerfLiveLine {
  update(progress: LoadProgress): void;
  /** Clears the line, if one is drawn. */
  finish(): void;
}

/**
 * Progress on stderr. On a terminal, one line redrawn in place (req/s, p95, errors, time left) and
 * cleared at the end; elsewhere (CI logs) a plain line at every tenth of the way.
 */
export function perfLiveLine(stream: NodeJS.WriteStream): PerfLiveLine {
  const terminal = stream.isTTY === true;
  let drawn = false;
  let lastTenth = 0;
  return {
    update(progress) {
      if (terminal) {
        stream.write(`\r${progressText(progress)}\x1b[K`);
        drawn = true;
        return;
      }
      const tenth = Math.floor(progress.fraction * 10);
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      stream.write(`  ${tenth * 10}% · ${progressText(progress)}\n`);
    },
    finish() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
