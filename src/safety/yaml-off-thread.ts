import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { YAMLParseError } from 'yaml';
import { parseBoundedYaml, YamlLimitError, type YamlLimits } from './bounded-yaml.js';
import type { YamlWorkerAnswer, YamlWorkerInput } from './yaml-worker-message.js';

export interface OffThreadOptions {
  signal: AbortSignal;
  /** Beyond it the parse is stopped with a YamlLimitError. */
  timeLimitMs: number;
  /** The worker's module; default the bundle's yaml-worker.js beside this code. */
  workerFile?: URL;
}

/**
 * parseBoundedYaml in a worker thread: the main thread stays free (Ctrl-C is handled, a terminal
 * redraws), `signal` stops the parse at once, and a parse longer than `timeLimitMs` is stopped with
 * a YamlLimitError. Rejects as parseBoundedYaml throws. Run from the sources (tests), where no
 * worker is built, it parses here.
 */
export async function parseYamlOffThread(text: string, limits: YamlLimits, options: OffThreadOptions): Promise<unknown> {
  options.signal.throwIfAborted();
  const workerFile = options.workerFile ?? new URL('./yaml-worker.js', import.meta.url);
  if (!existsSync(fileURLToPath(workerFile))) return parseBoundedYaml(text, limits);
  const input: YamlWorkerInput = { text, limits };
  const worker = new Worker(workerFile, { workerData: input });
  let stop: () => void = () => undefined;
  try {
    const answer = await new Promise<YamlWorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new YamlLimitError(`reading it took longer than ${duration(options.timeLimitMs)}, the time Falcon gives a YAML text`)),
        options.timeLimitMs,
      );
      const abort = () => reject(options.signal.reason);
      stop = () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', abort);
      };
      options.signal.addEventListener('abort', abort, { once: true });
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the YAML worker thread stopped (exit code ${code}) before it answered`)));
    });
    return valueOf(answer);
  } finally {
    stop();
    await worker.terminate();
  }
}

function valueOf(answer: YamlWorkerAnswer): unknown {
  if (answer.kind === 'value') return answer.value;
  if (answer.kind === 'limit') throw new YamlLimitError(answer.message);
  const error = new YAMLParseError(answer.pos, answer.code, answer.message);
  if (answer.linePos) error.linePos = answer.linePos;
  throw error;
}

function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
