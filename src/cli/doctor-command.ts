import { Command } from 'commander';
import { exitWith } from '../kit/command/exit-with.js';

/** `falcon doctor`: checks the setup and says what to fix. The checks load only when it runs. */
export function doctorCommand(): Command {
  return new Command('doctor')
    .description('check the setup (Node, config file, each provider and its model, the project’s .falcon/, ripgrep) and say what to fix')
    .option('--json', 'print one JSON object')
    .option('--require-model', 'fail when no model provider is configured (without, that is a note: falcon test, perf, scan and flow work without a model)')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText('after', '\nExit codes: 0 nothing to fix (warnings allowed), 1 something to fix, 2 bad usage.')
    .action(async (options: { json?: boolean; requireModel?: boolean }) => {
      const { runDoctor } = await import('./doctor/run-doctor.js');
      await exitWith(await runDoctor(options));
    });
}
