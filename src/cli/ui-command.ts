import { Command, InvalidArgumentError } from 'commander';
import { exitWith } from '../kit/command/exit-with.js';

/** `falcon ui`: the local web dashboard of this project. The server loads only when it runs. */
export function uiCommand(): Command {
  return new Command('ui')
    .description('serve the web dashboard of this project on 127.0.0.1: sessions (live), test runs, load charts, security findings and flows (no model needed)')
    .option('--port <n>', 'the port (default: web_ui.port of the global config, else 0: any free port)', parsePort)
    .option('--open', 'open the dashboard in the browser')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
The address printed holds a token made for this run: open it (the page keeps the token as a cookie);
a request without it is refused, and nothing is reachable from another machine. Ctrl-C stops it.
With web_ui: {enabled: true} in the global config, the dashboard also runs beside every interactive session.`,
    )
    .action(async (options: { port?: number; open?: boolean }) => {
      const { runUiCommand } = await import('./ui/run-ui-command.js');
      await exitWith(await runUiCommand(options));
    });
}

function parsePort(value: string): number {
  const port = Number(value);
  if (value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('expected a port from 0 (any free port) to 65535');
  return port;
}
