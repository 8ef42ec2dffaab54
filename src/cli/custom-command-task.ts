import { falconHome } from '../config/falcon-home.js';
import type { SendOptions } from '../kit/slash/slash-command.js';

export interface CommandTask {
  task: string;
  sendOptions?: SendOptions;
  warnings: string[];
}

/**
 * `falcon -p "/name args"`: a custom command's prompt, filled in, with its tools and model; any other
 * task is sent as it is. Project commands load only in a trusted folder, as in the session.
 */
export async function customCommandTask(task: string, projectRoot: string, trusted: boolean): Promise<CommandTask> {
  const called = /^\/([\w-]+)(?:\s+([\s\S]*))?$/.exec(task);
  if (!called) return { task, warnings: [] };
  const [{ loadCustomCommands }, { expandCommand }, { BUILT_IN_COMMAND_NAMES }] = await Promise.all([
    import('../workspace/custom-commands/load-custom-commands.js'),
    import('../workspace/custom-commands/expand-command.js'),
    import('../tui/slash/built-in-names.js'),
  ]);
  const loaded = await loadCustomCommands({ projectRoot, falconHome: falconHome(process.env), trusted, builtIns: BUILT_IN_COMMAND_NAMES });
  const command = loaded.commands.find((candidate) => candidate.name === called[1]);
  if (!command) return { task, warnings: loaded.warnings };
  const expanded = await expandCommand(command, (called[2] ?? '').trim(), projectRoot);
  return {
    task: expanded.text,
    sendOptions: { allow: command.allowedTools, ...(command.model && { model: command.model }) },
    warnings: [...loaded.warnings, ...expanded.problems],
  };
}
