import { listEnvironments } from '../../../workspace/environments.js';
import type { SlashCommand } from '../../../kit/slash/slash-command.js';

export const envCommand: SlashCommand = {
  name: 'env',
  description: 'choose the environment {{VAR}} placeholders resolve from',
  usage: '/env [name]',
  async run(context) {
    const names = await listEnvironments(context.projectRoot);
    if (names.length === 0) {
      return context.show({ type: 'notice', tone: 'info', text: 'No environments in .falcon/environments/ yet: run /init.' });
    }
    const current = context.agent.environment;
    const name =
      context.args ||
      (await context.pick({
        title: 'Which environment?',
        items: names.map((n) => ({ label: n, hint: n === current ? '(current)' : undefined, value: n })),
        initial: Math.max(names.indexOf(current ?? ''), 0),
      }));
    if (!name) return;
    await context.agent.useEnvironment(name);
    context.agent.steer(`(The user switched the active environment to "${name}"; {{VAR}} now resolves from it.)`);
    context.show({ type: 'notice', tone: 'info', text: `Environment: ${name}.` });
  },
};
