import { listSavedNames } from '../../../workspace/saved-requests.js';
import type { SlashCommand, SlashContext } from '../../../kit/slash/slash-command.js';

export const flowCommand: SlashCommand = {
  name: 'flow',
  description: 'run a saved flow (.falcon/flows/NAME.yaml), a line per step as it finishes',
  usage: '/flow <name>',
  async run(context) {
    if (context.args) return runFlowInSession(context.args, context);
    const names = await listSavedNames(context.projectRoot, 'flows');
    if (names.length === 0) {
      return context.show({ type: 'notice', tone: 'info', text: 'No flows in .falcon/flows/ yet: ask Falcon to write one.' });
    }
    const name = await context.pick({ title: 'Which flow?', items: names.map((n) => ({ label: n, value: n })) });
    if (name) await runFlowInSession(name, context);
  },
};

/**
 * Runs a saved flow with the session's context, as run_flow does: each step as a line when it
 * finishes, then the whole result, the session's secrets masked wherever the API echoes them.
 */
export async function runFlowInSession(name: string, context: SlashContext): Promise<void> {
  const [{ loadFlow }, { runFlowInContext }] = await Promise.all([import('../engine/load-flow.js'), import('../tools/run-flow-in-context.js')]);
  const found = await loadFlow(context.projectRoot, name);
  const count = found.flow.steps.length;
  context.show({ type: 'notice', tone: 'info', text: `Running flow "${found.name}" (${count} step${count === 1 ? '' : 's'})… esc to stop` });
  let finished = 0;
  const text = await runFlowInContext(found, context.agent.engineContext(context.signal), {
    onStep: (line, step) => {
      finished = step.index + 1;
      context.show({ type: 'notice', tone: 'info', text: line });
    },
  }).catch((error: unknown) => {
    if (!context.signal.aborted) throw error;
    throw new Error(`flow "${found.name}" stopped by esc after ${finished} of ${count} step${count === 1 ? '' : 's'}`);
  });
  context.show({ type: 'output', title: `/flow ${found.name}`, text, format: 'text' });
}
