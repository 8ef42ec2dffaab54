import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { VERSION } from '../version.js';
import { terminalSafeText } from '../safety/terminal-text.js';
import { describeWriteFailure, isOutOfSpace } from '../safety/write-failure.js';
import { OUTPUT_FORMATS } from '../headless/output-format.js';
import { PERMISSION_MODES } from '../agent/approval/permissions/permission-mode.js';
import { exitCodeForUserError, isUserError } from '../kit/command/user-error.js';
import { configCommand } from './config-command.js';
import { initCommand } from './init-command.js';
import { exitWith } from '../kit/command/exit-with.js';
import { CAPABILITIES } from '../capabilities/index.js';
import { runSavedRequestOption } from '../capabilities/requests/capability.js';
import { mcpCommand } from './mcp-command.js';
import { doctorCommand } from './doctor-command.js';
import { completionCommand } from './completion-command.js';
import { completeCommand } from './complete-command.js';
import { versionCommand } from './version-command.js';
import { uiCommand } from './ui-command.js';
import { addConfigFileOption } from './config-file-option.js';
import { completesWith } from '../kit/command/completion-values.js';
import type { MainOptions } from './main-options.js';
import { UsageError } from '../kit/command/user-error.js';

const program = new Command('falcon')
  .description('An agent in the terminal that tests your API, reads its code to find why it fails, and fixes it with your consent.')
  .version(VERSION, '-v, --version', 'print the version')
  .helpOption('-h, --help', 'show this help')
  .addOption(
    completesWith(
      new Option(
        '-p, --prompt [task]',
        'run one task without the interactive session and print the answer (reads the task from stdin when omitted; "/name args" runs a custom command)',
      ),
      'commands',
    ),
  )
  .addOption(
    new Option('--output-format <format>', 'with -p: text (the answer), json (one object) or stream-json (every event as a JSON line)')
      .choices(OUTPUT_FORMATS)
      .default('text'),
  )
  .option('-y, --yes', 'approve every file change and command without asking (--permission-mode yolo)')
  .addOption(
    new Option(
      '--permission-mode <mode>',
      'what runs without asking: ask (nothing that changes anything; the default), auto-edit (file edits), plan (read-only: changes are refused), yolo (everything)',
    ).choices(PERMISSION_MODES),
  )
  .option('-c, --continue', 'continue the latest session of this project')
  .option('--resume [session-id]', 'resume the session with this id; without one, choose from a list of the project’s sessions')
  .option(
    '--fork',
    'with --resume or --continue: start a new session (a new id) from that one, its conversation and checkpoints; the original is left as it is',
  )
  .option('--max-turns <n>', 'stop a run after this many model turns (default 50)', parsePositiveInt)
  .addOption(completesWith(new Option('--provider <id>', 'use this configured provider (overrides default_provider)'), 'providers'))
  .option('--model <name>', 'use this model')
  .addOption(
    completesWith(
      new Option('-r, --request <name>', 'run the saved request .falcon/requests/<name>.yaml and check its assertions, instead of a session'),
      'requests',
    ),
  )
  .addOption(completesWith(new Option('-e, --env <env>', 'with -r: the environment whose variables fill {{VAR}}'), 'environments'))
  .addHelpText(
    'after',
    `
Exit codes (with -p): 0 answered, 1 error, 2 bad usage, 3 a limit was reached, 130 interrupted (Ctrl-C),
143 ended by SIGTERM, 129 by SIGHUP (a closed terminal).
Exit codes (with -r): 0 a 2xx response and every assertion held, 1 otherwise, 2 bad usage.
Configuration: ~/.falcon/config.yaml (or $FALCON_HOME/config.yaml, or the file --config or $FALCON_CONFIG names);
project settings: .falcon/config.yaml. Check the setup with: falcon doctor.`,
  )
  .exitOverride()
  .action(async (options: MainOptions) => {
    if (options.continue && options.resume) throw new UsageError('use either --continue or --resume, not both');
    if (options.fork && !options.continue && !options.resume)
      throw new UsageError('--fork goes with --resume <id> or --continue: it starts a new session from that one');
    if (options.request !== undefined) return runRequestOption(options);
    if (options.env !== undefined) throw new UsageError('-e/--env goes with -r <name>; to choose the environment of sessions, run: falcon env use <name>');
    const code =
      options.prompt === undefined
        ? await (await import('./interactive-command.js')).runInteractiveCommand(options)
        : await (await import('./prompt-command.js')).runPromptCommand({ ...options, prompt: options.prompt });
    // SDK clients keep sockets alive; leave once what we printed has been handed to the OS.
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    process.exit(code);
  });

async function runRequestOption(options: MainOptions): Promise<void> {
  if (options.prompt !== undefined || options.continue || options.resume || options.fork) {
    throw new UsageError('-r runs a saved request on its own: leave out -p, --continue, --resume and --fork');
  }
  await exitWith(await runSavedRequestOption(options.request ?? '', options.env));
}

function parsePositiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('expected a whole number of 1 or more');
  return number;
}

// Options before a command name are the program's, after it the command's: `falcon init --yes`.
program.enablePositionalOptions();
program.addCommand(initCommand());
for (const capability of CAPABILITIES) capability.commands?.forEach((command) => program.addCommand(command()));
program.addCommand(configCommand());
program.addCommand(mcpCommand());
program.addCommand(uiCommand());
program.addCommand(doctorCommand());
program.addCommand(completionCommand());
program.addCommand(versionCommand());
program.addCommand(completeCommand(), { hidden: true });
// Last, so that every command above takes --config too.
addConfigFileOption(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode === 0 ? 0 : 2;
  } else if (isUserError(error)) {
    process.stderr.write(`falcon: ${terminalSafeText(error.message)}\n`);
    process.exitCode = exitCodeForUserError(error);
  } else if (isOutOfSpace(error)) {
    // Whatever was writing (a report, a config, the spec), the disk is what the user must fix.
    process.stderr.write(`falcon: ${terminalSafeText(`${error.path ? `cannot write ${error.path}: ` : ''}${describeWriteFailure(error)}`)}\n`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
