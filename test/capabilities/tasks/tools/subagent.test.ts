import { describe, expect, it } from 'vitest';
import { subagentTool } from '../../../../src/capabilities/tasks/tools/subagent.js';
import { toolResult } from '../../../../src/kit/tool/tool-result.js';
import type { SubagentOutcome, Subagents, SubagentTask } from '../../../../src/kit/tool/subagents.js';
import { createSessionState } from '../../../../src/kit/tool/session-state.js';
import { validateToolArgs } from '../../../../src/kit/tool/validate-args.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';

/** Sub-agents that answer after `delayMs` with what `answer` makes of their task, counting how many run at once. */
function fakeSubagents(options: { answer?: (task: SubagentTask) => SubagentOutcome['text'] | Error; delayMs?: number; refusal?: string } = {}) {
  const started: SubagentTask[] = [];
  let running = 0;
  let mostAtOnce = 0;
  let number = 0;
  const profiles = ['scout', 'tester'];
  const subagents: Subagents = {
    refusal: options.refusal,
    check(agent) {
      if (!profiles.includes(agent)) throw new ToolError(`No sub-agent profile is named "${agent}".`);
    },
    async run(task) {
      started.push(task);
      const label = `${task.agent}#${++number}`;
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 0));
      running -= 1;
      const text = options.answer ? options.answer(task) : `did: ${task.task}`;
      return text instanceof Error ? { label, ok: false, text: text.message } : { label, ok: true, text };
    },
  };
  return { subagents, started, mostAtOnce: () => mostAtOnce };
}

function contextWith(subagents: Subagents | undefined, progress: string[] = []): ToolContext {
  return {
    projectRoot: '/tmp',
    falconHome: '/tmp',
    signal: new AbortController().signal,
    progress: (message) => progress.push(message),
    variables: new VariableScope('/tmp', {}),
    trustedProject: true,
    session: createSessionState(),
    secrets: new SecretRegistry(),
    subagents,
  };
}

async function call(args: Record<string, unknown>, subagents: Subagents | undefined, progress: string[] = []): Promise<string> {
  const validated = validateToolArgs(subagentTool, args);
  if (!validated.ok) throw new Error(`invalid: ${validated.problems}`);
  return toolResult(await subagentTool.run(validated.value, contextWith(subagents, progress))).text;
}

describe('subagent tool', () => {
  it('runs one sub-agent and returns its answer', async () => {
    const { subagents } = fakeSubagents();
    await expect(call({ agent: 'scout', task: 'find the users handler' }, subagents)).resolves.toBe('scout#1 answered:\n\ndid: find the users handler');
  });

  it('makes a failed run the call’s error, with what the sub-agent said', async () => {
    const { subagents } = fakeSubagents({ answer: () => new Error('scout#1 stopped after 3 turns. What it said last: reading app.ts') });
    await expect(call({ agent: 'scout', task: 'x' }, subagents)).rejects.toThrow(/stopped after 3 turns. What it said last: reading app.ts/);
  });

  it('runs parallel tasks at most 4 at a time, overlapping, and reports each in the order given', async () => {
    const { subagents, started, mostAtOnce } = fakeSubagents({ delayMs: 40 });
    const tasks = Array.from({ length: 6 }, (_, index) => ({ agent: index % 2 ? 'tester' : 'scout', task: `task ${index + 1}` }));
    const progress: string[] = [];
    const output = await call({ tasks }, subagents, progress);
    expect(started).toHaveLength(6);
    expect(mostAtOnce()).toBe(4);
    expect(output).toMatch(/^6 sub-agents: 6 answered\./);
    const order = [...output.matchAll(/did: task (\d)/g)].map((match) => Number(match[1]));
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)).toBe('6 of 6 sub-agents done');
  });

  it('keeps the answers of a parallel call when some fail, and fails the call when all do', async () => {
    const some = fakeSubagents({ answer: (task) => (task.task === 'b' ? new Error('tester#2 failed: connection refused.') : `ok ${task.task}`) });
    const output = await call(
      {
        tasks: [
          { agent: 'scout', task: 'a' },
          { agent: 'tester', task: 'b' },
        ],
      },
      some.subagents,
    );
    expect(output).toMatch(/^2 sub-agents: 1 answered, 1 failed\./);
    expect(output).toContain('## 2. tester#2 failed\n\ntester#2 failed: connection refused.');
    const all = fakeSubagents({ answer: () => new Error('down') });
    await expect(
      call(
        {
          tasks: [
            { agent: 'scout', task: 'a' },
            { agent: 'scout', task: 'b' },
          ],
        },
        all.subagents,
      ),
    ).rejects.toThrow(/2 sub-agents: 0 answered, 2 failed/);
  });

  it('runs a chain in order, {previous} standing for the answer before', async () => {
    const { subagents, started } = fakeSubagents({ answer: (task) => `<${task.task}>` });
    const output = await call(
      {
        chain: [
          { agent: 'scout', task: 'find the handler' },
          { agent: 'tester', task: 'probe what scout found: {previous}' },
          { agent: 'scout', task: 'explain {previous} and again {previous}' },
        ],
      },
      subagents,
    );
    expect(started.map((task) => task.task)).toEqual([
      'find the handler',
      'probe what scout found: <find the handler>',
      'explain <probe what scout found: <find the handler>> and again <probe what scout found: <find the handler>>',
    ]);
    expect(output).toMatch(/^The chain of 3 ran to its end/);
    expect(output).toContain('## Step 3. scout#3 answered');
  });

  it('stops a chain at its first failure and says what was not run', async () => {
    const { subagents, started } = fakeSubagents({ answer: (task) => (task.agent === 'tester' ? new Error('tester#2 failed: 500') : 'found it') });
    await expect(
      call(
        {
          chain: [
            { agent: 'scout', task: 'a' },
            { agent: 'tester', task: '{previous}' },
            { agent: 'scout', task: 'c' },
          ],
        },
        subagents,
      ),
    ).rejects.toThrow(/The chain stopped at step 2 of 3; 1 later step was not run\.[\s\S]*## Step 1\. scout#1 answered\n\nfound it[\s\S]*tester#2 failed: 500/);
    expect(started).toHaveLength(2);
  });

  it('checks every profile before starting any', async () => {
    const { subagents, started } = fakeSubagents();
    await expect(
      call(
        {
          tasks: [
            { agent: 'scout', task: 'a' },
            { agent: 'hacker', task: 'b' },
          ],
        },
        subagents,
      ),
    ).rejects.toThrow('No sub-agent profile is named "hacker".');
    expect(started).toHaveLength(0);
  });

  it('refuses clearly where no sub-agent may start', async () => {
    const { subagents, started } = fakeSubagents({ refusal: 'Sub-agents nest at most 2 deep.' });
    await expect(call({ agent: 'scout', task: 'a' }, subagents)).rejects.toThrow('Sub-agents nest at most 2 deep.');
    expect(started).toHaveLength(0);
    await expect(call({ agent: 'scout', task: 'a' }, undefined)).rejects.toThrow('Sub-agents cannot run here.');
  });

  it('takes exactly one form of call', () => {
    const problems = (args: Record<string, unknown>) => {
      const result = validateToolArgs(subagentTool, args);
      return result.ok ? 'ok' : result.problems;
    };
    expect(problems({ agent: 'scout', task: 'a' })).toBe('ok');
    expect(problems({ agent: 'scout' })).toBe('agent and task go together');
    expect(problems({})).toBe('give exactly one of: agent and task, tasks, chain');
    expect(problems({ agent: 'scout', task: 'a', tasks: [{ agent: 'scout', task: 'b' }] })).toBe('give exactly one of: agent and task, tasks, chain');
    expect(problems({ chain: [{ agent: 'scout', task: 'a' }], background: true })).toBe('background runs one sub-agent: give agent and task');
    expect(problems({ tasks: [] })).toMatch(/tasks: .*1/);
  });
});
