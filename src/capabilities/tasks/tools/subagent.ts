import { z } from 'zod';
import type { SubagentOutcome, Subagents, SubagentTask } from '../../../kit/tool/subagents.js';
import { defineTool, ToolError, type ToolContext } from '../../../kit/tool/tool.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { TaskStartedDetails } from '../../../workspace/tool-result-details.js';

/** Sub-agents of one parallel call running at once; the others wait for a free lane. */
export const PARALLEL_SUBAGENTS = 4;
const PREVIOUS = '{previous}';

const taskSchema = z.strictObject({
  agent: z.string().trim().min(1).describe('The profile: scout, tester, or one from .falcon/agents/'),
  task: z.string().trim().min(1).describe('The whole task: it sees nothing of this conversation'),
});

const schema = z
  .strictObject({
    agent: taskSchema.shape.agent.optional(),
    task: taskSchema.shape.task.optional(),
    tasks: z.array(taskSchema).min(1).optional().describe(`Several {agent, task} run in parallel, ${PARALLEL_SUBAGENTS} at a time`),
    chain: z.array(taskSchema).min(1).optional().describe(`{agent, task} run in order; ${PREVIOUS} in a task stands for the answer before it`),
    background: z.boolean().optional().describe('With agent and task: run it as a background task (task_output reads it)'),
  })
  .superRefine((args, ctx) => {
    const single = args.agent !== undefined || args.task !== undefined;
    const forms = [single, args.tasks !== undefined, args.chain !== undefined].filter(Boolean).length;
    if (forms !== 1) ctx.addIssue({ code: 'custom', message: 'give exactly one of: agent and task, tasks, chain' });
    else if (single && (args.agent === undefined || args.task === undefined)) ctx.addIssue({ code: 'custom', message: 'agent and task go together' });
    if (args.background && !single) ctx.addIssue({ code: 'custom', message: 'background runs one sub-agent: give agent and task' });
  });

type Args = z.infer<typeof schema>;

export const subagentTool = defineTool({
  name: 'subagent',
  description: 'Delegate tasks to sub-agents with their own tools: one, several in parallel, or a chain.',
  schema,
  kind: 'long',
  // A sub-agent's own calls pass the session's guard: in plan mode they only read too.
  readOnly: (args) => (args.background ? 'starts a background task' : undefined),
  callLimit: 10,
  async run(args, ctx) {
    const subagents = ctx.subagents;
    if (!subagents) throw new ToolError('Sub-agents cannot run here.');
    if (subagents.refusal) throw new ToolError(subagents.refusal);
    for (const { agent } of tasksOf(args)) subagents.check(agent);
    if (args.tasks) return runParallel(subagents, args.tasks, ctx);
    if (args.chain) return runChain(subagents, args.chain, ctx);
    const task = { agent: args.agent!, task: args.task! };
    if (args.background) return startInBackground(subagents, task, ctx);
    const outcome = await subagents.run(task, ctx.signal);
    if (!outcome.ok) throw new ToolError(outcome.text);
    return `${outcome.label} answered:\n\n${outcome.text}`;
  },
});

function tasksOf(args: Args): SubagentTask[] {
  return args.tasks ?? args.chain ?? [{ agent: args.agent!, task: args.task! }];
}

async function runParallel(subagents: Subagents, tasks: readonly SubagentTask[], ctx: ToolContext): Promise<string> {
  const { runInLanes } = await import('../../../engines/testing/run/run-in-lanes.js');
  const outcomes: SubagentOutcome[] = [];
  let done = 0;
  await runInLanes(
    tasks.map((task, index) => ({ task, index })),
    PARALLEL_SUBAGENTS,
    async ({ task, index }) => {
      outcomes[index] = await subagents.run(task, ctx.signal);
      done += 1;
      ctx.progress(`${done} of ${tasks.length} sub-agents done`);
    },
  );
  const failed = outcomes.filter((outcome) => !outcome.ok).length;
  const report = outcomes.map((outcome, index) => section(`${index + 1}. ${outcome.label}`, outcome)).join('\n\n');
  const head = `${tasks.length} sub-agents: ${tasks.length - failed} answered${failed ? `, ${failed} failed` : ''}.`;
  if (failed === tasks.length) throw new ToolError(`${head}\n\n${report}`);
  return `${head}\n\n${report}`;
}

/** Each step's task gets the answer before it for `{previous}`; the chain stops at the first failure. */
async function runChain(subagents: Subagents, chain: readonly SubagentTask[], ctx: ToolContext): Promise<string> {
  const steps: string[] = [];
  let previous = '';
  for (const [index, step] of chain.entries()) {
    ctx.progress(`step ${index + 1} of ${chain.length}: ${step.agent}`);
    const outcome = await subagents.run({ agent: step.agent, task: step.task.replaceAll(PREVIOUS, previous) }, ctx.signal);
    steps.push(section(`Step ${index + 1}. ${outcome.label}`, outcome));
    if (!outcome.ok) {
      const left = chain.length - index - 1;
      const stopped = `The chain stopped at step ${index + 1} of ${chain.length}${left ? `; ${left} later step${left === 1 ? ' was' : 's were'} not run` : ''}.`;
      throw new ToolError(`${stopped}\n\n${steps.join('\n\n')}`);
    }
    previous = outcome.text;
  }
  return `The chain of ${chain.length} ran to its end; the last answer is step ${chain.length}'s.\n\n${steps.join('\n\n')}`;
}

function startInBackground(subagents: Subagents, task: SubagentTask, ctx: ToolContext): ToolResult<TaskStartedDetails> {
  const tasks = ctx.tasks;
  if (!tasks) throw new ToolError('Background tasks are not available here; run the sub-agent without background.');
  const info = tasks.start({
    kind: 'subagent',
    label: `${task.agent}: ${task.task}`,
    async run(io) {
      const outcome = await subagents.run(task, io.signal, { background: { step: (line) => io.write(`${line}\n`) } });
      io.write(`\n${outcome.text}\n`);
      if (!outcome.ok) throw new Error(`${outcome.label} did not answer`);
    },
  });
  const text =
    `Started ${task.agent} as background task ${info.id}; its steps and answer go to ${info.outputFile}. ` +
    `Read them with task_output({"task_id": "${info.id}"}); you are told when it ends.`;
  return { text, details: { kind: 'task_started', taskId: info.id } };
}

function section(title: string, outcome: SubagentOutcome): string {
  return `## ${title} ${outcome.ok ? 'answered' : 'failed'}\n\n${outcome.text}`;
}
