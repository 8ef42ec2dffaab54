import { realpath } from 'node:fs/promises';
import { diffSpecs } from '../engine/spec-diff/diff-specs.js';
import { type FailOn, specDiffReport } from '../engine/spec-diff/spec-diff-report.js';
import { specDiffText } from '../engine/spec-diff/spec-diff-text.js';
import { loadSpecUnderTest } from '../../../engines/testing/load-test-spec.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { terminalSafeJson, terminalSafeText } from '../../../safety/terminal-text.js';

export interface SpecDiffFlags {
  json?: boolean;
  failOn: FailOn;
}

const EXIT_FAILED = 1;
const EXIT_UNREADABLE = 2;
const EXIT_INTERRUPTED = 130;

/**
 * `falcon spec diff OLD NEW`: the changes as text or JSON on stdout; exit 1 when one is at `--fail-on`
 * or worse, 2 when a spec cannot be read (one line naming it on stderr), 130 at Ctrl-C.
 */
export async function runSpecDiff(oldSource: string, newSource: string, flags: SpecDiffFlags): Promise<number> {
  if (oldSource.trim() === '' || newSource.trim() === '') throw new UsageError('falcon spec diff needs two specs: OLD and NEW, files or http(s) URLs');
  const projectRoot = await realpath(process.cwd());
  const interrupted = new AbortController();
  const interrupt = () => interrupted.abort();
  process.once('SIGINT', interrupt);
  try {
    const [old, current] = await Promise.all([oldSource, newSource].map((source) => load(source.trim(), projectRoot, interrupted.signal)));
    const report = specDiffReport(old!, current!, diffSpecs(old!.spec, current!.spec), flags.failOn);
    process.stdout.write(`${flags.json ? terminalSafeJson(report, 2) : specDiffText(report, { style: styleFor(process.stdout) })}\n`);
    return report.failed ? EXIT_FAILED : 0;
  } catch (error) {
    if (interrupted.signal.aborted) {
      process.stderr.write('falcon: interrupted\n');
      return EXIT_INTERRUPTED;
    }
    if (!(error instanceof Error && error.name === 'SpecError')) throw error;
    process.stderr.write(`falcon: ${terminalSafeText(error.message)}\n`);
    return EXIT_UNREADABLE;
  } finally {
    process.off('SIGINT', interrupt);
  }
}

async function load(source: string, projectRoot: string, signal: AbortSignal) {
  const loaded = await loadSpecUnderTest(source, projectRoot, signal);
  return loaded!;
}
