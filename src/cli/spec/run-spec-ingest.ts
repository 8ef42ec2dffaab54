import { realpath } from 'node:fs/promises';
import { ingestSpec } from '../../engines/spec/ingest-spec.js';
import { specFacts } from '../../engines/spec/summarize-spec.js';
import { styleFor } from '../../headless/terminal-style.js';
import { UsageError } from '../user-error.js';
import { specSummaryText } from './spec-summary-text.js';

/** `falcon spec ingest`: prints the summary as text (exit 0) or one line naming the problem (exit 1). */
export async function runSpecIngest(source: string): Promise<number> {
  if (source.trim() === '') throw new UsageError('falcon spec ingest needs a file or an http(s) URL');
  const projectRoot = await realpath(process.cwd());
  try {
    const result = await ingestSpec(source.trim(), { projectRoot, signal: AbortSignal.timeout(120_000) });
    const summary = specSummaryText(specFacts(result.spec), styleFor(process.stdout));
    process.stdout.write(`Wrote ${result.written}\n\n${summary.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'SpecError')) throw error;
    process.stderr.write(`falcon: ${error.message}\n`);
    return 1;
  }
}
