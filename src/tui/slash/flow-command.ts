import { describeFlowRun, describeFlowStep } from '../../tools/support/describe-flow-run.js';
import { listSavedNames } from '../../workspace/saved-requests.js';
import type { SlashCommand, SlashContext } from './slash-command.js';

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

/** Runs a saved flow with the session's variables: each step as a line when it finishes, then the whole result. */
export async function runFlowInSession(name: string, context: SlashContext): Promise<void> {
  const [{ loadFlow }, { runFlow }] = await Promise.all([import('../../engines/flows/load-flow.js'), import('../../engines/flows/run-flow.js')]);
  // Shown as a tool's observation would be: the session's secrets masked wherever the API echoes them.
  const mask = (text: string) => context.agent.secrets.maskValues(text);
  const { flow, file, name: flowName } = await loadFlow(context.projectRoot, name);
  const count = flow.steps.length;
  context.show({ type: 'notice', tone: 'info', text: `Running flow "${flowName}" (${count} step${count === 1 ? '' : 's'})… esc to stop` });
  let finished = 0;
  const run = await runFlow(flow, {
    projectRoot: context.projectRoot,
    name: flowName,
    file,
    variables: context.agent.variables,
    signal: context.signal,
    onStep: (step) => {
      finished = step.index + 1;
      context.show({ type: 'notice', tone: 'info', text: mask(describeFlowStep(step)) });
    },
  }).catch((error: unknown) => {
    if (!context.signal.aborted) throw error;
    throw new Error(`flow "${flowName}" stopped by esc after ${finished} of ${count} step${count === 1 ? '' : 's'}`);
  });
  context.show({ type: 'output', title: `/flow ${flowName}`, text: mask(describeFlowRun(run)), format: 'text' });
}
