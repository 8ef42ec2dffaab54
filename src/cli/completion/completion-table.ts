import type { Argument, Command, Option } from 'commander';
import { completionValuesOf } from '../../kit/command/completion-values.js';

// The program as rows a shell script can search, one fact a row, fields separated by tabs:
//   cmd  <path>  <name>  <description>          a subcommand of the command at <path> ("falcon config")
//   opt  <path>  <flag>  <value>  <description>  an option, once per flag (-e and --env)
//   hid  <path>  <flag>  <value>                 an option left out of help and of the offers, still parsed
//   arg  <path>  <position>  <value>             an argument by position from 0; "2+" for a variadic one
// <value> says what follows: none (a flag), optional (a word not starting with "-", if any), text
// (anything: nothing to offer), files, choices:<a b c>, or dynamic:<kind> (`falcon __complete <kind>`).

const FIELD_BREAK = /\s+/g;

/** The completion rows of `program` and every command below it, as text. */
export function completionTable(program: Command): string {
  return commandRows(program, program.name()).join('\n');
}

function commandRows(command: Command, path: string): string[] {
  const help = command.createHelp();
  const subcommands = help.visibleCommands(command);
  const visible = help.visibleOptions(command);
  const hidden = command.options.filter((option) => !visible.includes(option));
  return [
    ...subcommands.map((sub) => row('cmd', path, sub.name(), oneLine(sub.description()))),
    ...visible.flatMap((option) => flags(option).map((flag) => row('opt', path, flag, optionValue(option), oneLine(option.description)))),
    ...hidden.flatMap((option) => flags(option).map((flag) => row('hid', path, flag, optionValue(option)))),
    ...command.registeredArguments.map((argument, index) => row('arg', path, argument.variadic ? `${index}+` : `${index}`, valueOf(argument))),
    ...subcommands.flatMap((sub) =>
      // The help command commander adds is no child of the command: `help <command>` names the others.
      command.commands.includes(sub)
        ? commandRows(sub, `${path} ${sub.name()}`)
        : [row('arg', `${path} ${sub.name()}`, '0', `choices:${names(subcommands, sub)}`)],
    ),
  ];
}

function names(commands: readonly Command[], except: Command): string {
  return commands
    .filter((command) => command !== except)
    .map((command) => command.name())
    .join(' ');
}

function flags(option: Option): string[] {
  return [option.short, option.long].filter((flag): flag is string => flag !== undefined);
}

function optionValue(option: Option): string {
  if (!option.required && !option.optional) return 'none';
  // An optional value with names to offer (-p's custom commands) is completed as those names.
  return option.optional && !option.argChoices && !completionValuesOf(option) ? 'optional' : valueOf(option);
}

function valueOf(target: Argument | Option): string {
  if (target.argChoices) return `choices:${target.argChoices.join(' ')}`;
  const values = completionValuesOf(target);
  if (values === 'files') return 'files';
  return values ? `dynamic:${values}` : 'text';
}

function row(...fields: string[]): string {
  return fields.join('\t');
}

function oneLine(text: string): string {
  return text.replace(FIELD_BREAK, ' ').trim();
}
