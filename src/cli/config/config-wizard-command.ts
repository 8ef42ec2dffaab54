import { runConfigWizard, WizardCancelledError } from './wizard/run-config-wizard.js';
import { UsageError } from '../../kit/command/user-error.js';
import { stdoutPaint } from './config-output.js';

const INTERRUPTED = 130;

/** `falcon config` without a subcommand: the interactive menu. Returns the exit code. */
export async function runConfigWizardCommand(): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError('falcon config asks its questions on a terminal; in scripts use its subcommands (falcon config --help)');
  }
  try {
    await runConfigWizard({ env: process.env, paint: stdoutPaint() });
    return 0;
  } catch (error) {
    if (!(error instanceof WizardCancelledError)) throw error;
    process.stdout.write(`\n${error.message}\n`);
    return INTERRUPTED;
  }
}
