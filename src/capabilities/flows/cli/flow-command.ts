import { Argument, Command, Option } from 'commander';
import { completesWith } from '../../../kit/command/completion-values.js';
import { exitWith } from '../../../kit/command/exit-with.js';
import { served } from '../../../kit/command/served.js';
import type { FlowImportFlags } from './import-flow-command.js';
import type { FlowRunFlags } from './flow-run-flags.js';

/**
 * `falcon flow run|list|validate|schema|import|export-k6`: multi-step API scenarios from .falcon/flows/, no model needed.
 * Light at import time: each action loads its implementation and the engine.
 */
export function flowCommand(): Command {
  const flow = new Command('flow')
    .description('run, list, validate, import or export (k6) the multi-step flows in .falcon/flows/ (no model needed)')
    .helpOption('-h, --help', 'show this help')
    .exitOverride()
    .addHelpText(
      'after',
      `
A Markdown report of each run goes to .falcon/reports/ when the project has a .falcon folder.
Exit codes: 0 every step passed, 1 a step failed or a request got no answer, 2 an invalid flow or bad
usage (no such flow, unknown environment), 130 interrupted.`,
    );

  flow
    .command('run')
    .description('run a flow: each step in order, stopping at the first that fails')
    .addArgument(completesWith(new Argument('<flow>', 'a saved flow (.falcon/flows/<name>.yaml) or a flow file'), 'flows'))
    .addOption(completesWith(new Option('-e, --env <name>', 'the environment for {{VAR}} (default: the one set by falcon env use, else dev)'), 'environments'))
    .addOption(completesWith(new Option('--junit <file>', 'also write a JUnit XML report: a testcase per step and per row of a foreach'), 'files'))
    .addOption(completesWith(new Option('--report <file>', 'also write a report to this file, its format by extension: .md, .json or .xml (JUnit)'), 'files'))
    .option('--serve', 'start the API with server.command of .falcon/config.yaml, wait until it is ready, run, then stop it (and every process it started)')
    .action(async (nameOrFile: string, flags: FlowRunFlags) => {
      const { runFlowCommand } = await import('./run-flow-command.js');
      await exitWith(await served(flags, () => runFlowCommand(nameOrFile, flags)));
    });

  flow
    .command('list')
    .description('list the saved flows with their description or number of steps')
    .action(async () => {
      const { runFlowList } = await import('./list-flows-command.js');
      await exitWith(await runFlowList());
    });

  flow
    .command('validate')
    .description('check a flow against the format without running it')
    .addArgument(completesWith(new Argument('<flow>', 'a flow file, or a saved flow by name'), 'flows'))
    .action(async (nameOrFile: string) => {
      const { runFlowValidate } = await import('./validate-flow-command.js');
      await exitWith(await runFlowValidate(nameOrFile));
    });

  flow
    .command('schema')
    .description('print the JSON Schema of a flow, for editors: falcon flow schema > .falcon/flow.schema.json')
    .action(async () => {
      const { runFlowSchema } = await import('./print-flow-schema-command.js');
      await exitWith(await runFlowSchema());
    });

  flow
    .command('import')
    .description('make flows from a Postman collection (a flow per folder) or, without a file, from the saved requests')
    .addArgument(completesWith(new Argument('[file]', 'a Postman collection (v2.0/v2.1 JSON)'), 'files'))
    .addOption(completesWith(new Option('--out <dir>', 'write the flows here (default: .falcon/flows/)'), 'files'))
    .option('--from-requests', 'a flow skeleton with a step per saved request (.falcon/requests/)')
    .addHelpText(
      'after',
      '\nStatus tests (pm.response.to.have.status(200), pm.expect(pm.response.code).to.eql(201), pm.response.to.be.ok)\nbecome assertions; other tests are listed as "not converted". An existing flow is never replaced: name-2.yaml….',
    )
    .action(async (file: string | undefined, flags: FlowImportFlags) => {
      const { runFlowImport } = await import('./import-flow-command.js');
      await exitWith(await runFlowImport(file, flags));
    });

  flow
    .command('export-k6')
    .description('write a flow as a k6 script: its steps in order, status checks, extracted variables, waits')
    .addArgument(completesWith(new Argument('<flow>', 'a saved flow (.falcon/flows/<name>.yaml) or a flow file'), 'flows'))
    .addArgument(completesWith(new Argument('<file>', 'the script to write (k6 run FILE)'), 'files'))
    .addHelpText(
      'after',
      "\n{{env:NAME}} is read from __ENV.NAME (k6 run -e NAME=… FILE); other {{VAR}} from the flow's vars, then __ENV.\nWhat k6 cannot do the same way is written as a comment in the script.",
    )
    .action(async (nameOrFile: string, file: string) => {
      const { runFlowExportK6 } = await import('./export-flow-k6-command.js');
      await exitWith(await runFlowExportK6(nameOrFile, file));
    });

  return flow;
}
