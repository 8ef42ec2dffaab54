import { z } from 'zod';
import { ingestedSpecForTool } from '../../../kit/tool-support/test-spec.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { defineTool, type ToolContext } from '../../../kit/tool/tool.js';
import type { RunningMock } from '../engine/mock-server.js';

interface SessionMock {
  mock: RunningMock;
  stateful: boolean;
  operations: number;
}

/** The mock this process serves: one at a time, stopped with the process. */
let running: SessionMock | undefined;

const actions = defineActions(
  'mock',
  {
    stateful: z.boolean().describe('keep what is created: POST, then GET/PATCH/DELETE of it (default false)'),
    seed: z.number().int().min(0).describe('the seed of generated values (default 1)'),
  },
  (action) => ({
    start: action({ optional: ['stateful', 'seed'], readOnly: true, run: async ({ stateful, seed }, ctx) => start(ctx, stateful ?? false, seed) }),
    status: action({ readOnly: true, run: async () => status() }),
    stop: action({ readOnly: true, run: async () => stop() }),
  }),
);

export const mockTool = defineTool({
  name: 'mock',
  description:
    "A mock of the project's spec (.falcon/spec.yaml) on 127.0.0.1: start (returns its URL), status, stop. Requests are checked against the spec; answers come from its examples or schemas. Test against it without the real API.",
  schema: actions.schema,
  kind: 'network',
  callLimit: 10,
  preview: actions.preview,
  readOnly: actions.readOnly,
  run: actions.run,
});

async function start(ctx: ToolContext, stateful: boolean, seed: number | undefined): Promise<string> {
  if (running) return `A mock is already running at ${running.mock.url}${running.stateful ? ' (stateful)' : ''}; stop it first to start another.`;
  const spec = await ingestedSpecForTool(ctx.projectRoot);
  const { startMock } = await import('../engine/mock-server.js');
  const mock = await startMock({ spec, port: 0, stateful, ...(seed !== undefined && { seed }) });
  running = { mock, stateful, operations: spec.operations.length };
  return `${describe(running)}. Use it as the base URL (run_tests, http_request), then stop it.`;
}

function status(): string {
  return running ? `${describe(running)}.` : 'No mock is running: start one with mock start.';
}

async function stop(): Promise<string> {
  if (!running) return 'No mock is running.';
  const { url } = running.mock;
  await running.mock.close();
  running = undefined;
  return `Stopped the mock at ${url}.`;
}

function describe({ mock, stateful, operations }: SessionMock): string {
  return `A mock of the spec's ${operations} operation${operations === 1 ? '' : 's'} runs at ${mock.url}${stateful ? ' (stateful: it keeps what is created)' : ''}`;
}
