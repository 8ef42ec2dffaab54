import { Argument, Command } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import { parseMinCoverageOption } from './min-coverage-option.js';

/** `falcon test merge-reports OUT FILE…`; light at import time, like `falcon test` itself. */
export function mergeReportsCommand(): Command {
  return new Command('merge-reports')
    .description("merge the JSON reports of a split run's shards (--shard i/n) into one report, its format by OUT's extension")
    .addArgument(completesWith(new Argument('<out>', 'the merged report: .json, .md, .html or .xml (JUnit)'), 'files'))
    .addArgument(completesWith(new Argument('<file...>', 'the JSON reports to merge (falcon test --report shard-1.json …)'), 'files'))
    .option('--min-coverage <percent>', 'fail when the merged run saw less than this share of the documented responses (0-100)', parseMinCoverageOption)
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
Tallies are added up and results put one after the other (shards in order); the merged run starts
with the earliest shard and lasts until the last one ended; each shard's own start and duration
are kept. Coverage is merged too: an item counts as seen when some shard saw it.
Reports of different specs, or the same shard twice, are refused.
Exit codes: 0 merged and no case failed, 1 merged and some case failed (or the shards had
warnings without --allow-warnings, or the merged run saw fewer documented responses than
--min-coverage), 2 bad usage (OUT's extension, a file that is not a Falcon JSON report,
reports that cannot be merged).`,
    )
    .action(async (out: string, files: string[], flags: { minCoverage?: number }) => {
      const { runMergeReports } = await import('./run-merge-reports.js');
      await exitWith(await runMergeReports(out, files, flags));
    });
}
