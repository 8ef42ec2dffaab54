import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../../../src/agent/agent.js';
import type { EngineContext } from '../../../../src/kit/tool/engine-context.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';
import type { ViewAction } from '../../../../src/tui/state/reduce-view.js';
import type { SlashCommand, SlashContext } from '../../../../src/kit/slash/slash-command.js';
import { loadSlashCommands } from '../../../../src/tui/slash/slash-registry.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { CHECKOUT_FLOW, type FlowShopApi, HEALTH_REQUEST, SHOP_TOKEN, startFlowShopApi } from '../../../apis/flow-shop-api.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';

let api: FlowShopApi;
let project: TempProject;
let shown: ViewAction[];
let picked: string[];

beforeAll(async () => {
  api = await startFlowShopApi();
});
afterAll(() => api.close());

beforeEach(async () => {
  api.hits.length = 0;
  shown = [];
  picked = [];
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\n`);
  await project.write('.falcon/requests/health.yaml', HEALTH_REQUEST);
  await project.write('.falcon/flows/checkout.yaml', CHECKOUT_FLOW);
});
afterEach(() => project.remove());

/** A session's slash context with just what the commands use: the agent's engine context (variables and secrets), the view, the picker. */
function contextFor(args: string, signal = new AbortController().signal): SlashContext {
  const secrets = new SecretRegistry();
  const variables = new VariableScope(project.root, {}, 'dev', secrets);
  const engineContext = (given: AbortSignal): EngineContext => ({ projectRoot: project.root, variables, secrets, signal: given });
  const agent = { engineContext, environment: 'dev' } as unknown as Agent;
  return {
    agent,
    projectRoot: project.root,
    env: {},
    args,
    signal,
    show: (action) => shown.push(action),
    pick: async (request) => {
      picked.push(request.title);
      return request.items[0]?.value;
    },
    ask: async () => expect.fail('a flow asks no question'),
    attach: () => expect.fail('a flow is run, not attached'),
    send: async () => expect.fail('a flow is run, not sent'),
    openSession: async () => undefined,
    clearScreen: () => undefined,
    exit: () => undefined,
  };
}

async function command(name: string): Promise<SlashCommand> {
  const found = (await loadSlashCommands(project.root)).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no /${name}`);
  return found;
}

const texts = () => shown.map((action) => ('text' in action ? action.text : ''));

describe('/<flow name>', () => {
  it('runs the saved flow: a line per step as it finishes, then the result', async () => {
    const checkout = await command('checkout');
    expect(checkout.description).toBe('saved flow: run it now, a line per step');
    await checkout.run(contextFor(''));
    expect(shown.slice(0, 5).map((action) => action.type)).toEqual(['notice', 'notice', 'notice', 'notice', 'notice']);
    expect(texts()[0]).toBe('Running flow "checkout" (4 steps)… esc to stop');
    expect(texts().slice(1, 5)).toEqual([
      expect.stringMatching(/^✓ 1\. health — 200/),
      expect.stringMatching(/^✓ 2\. log in — 200/),
      expect.stringMatching(/^✓ 3\. order — 201/),
      expect.stringMatching(/^✓ 4\. wait until paid — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?), 2 attempts$/),
    ]);
    expect(shown[5]).toMatchObject({
      type: 'output',
      title: '/flow checkout',
      format: 'text',
      text: expect.stringMatching(/^PASSED: flow "checkout" — 4 passed/),
    });
    expect(texts().join('\n')).not.toContain(SHOP_TOKEN);
    expect(api.hits).toHaveLength(5);
  });

  it('stops at esc between steps and says how far it got', async () => {
    const esc = new AbortController();
    const context = contextFor('', esc.signal);
    const show = context.show;
    context.show = (action) => {
      show(action);
      if ('text' in action && action.text.startsWith('✓ 2.')) esc.abort();
    };
    await expect((await command('checkout')).run(context)).rejects.toThrow('flow "checkout" stopped by esc after 2 of 4 steps');
    expect(texts().filter((text) => /^. \d\./.test(text))).toHaveLength(2);
    expect(api.hits).toHaveLength(2);
  });
});

describe('/flow', () => {
  it('runs the flow it names', async () => {
    await (await command('flow')).run(contextFor('checkout'));
    expect(shown.at(-1)).toMatchObject({ type: 'output', title: '/flow checkout' });
    expect(picked).toEqual([]);
  });

  it('offers the saved flows when none is named', async () => {
    await (await command('flow')).run(contextFor(''));
    expect(picked).toEqual(['Which flow?']);
    expect(shown.at(-1)).toMatchObject({ type: 'output', title: '/flow checkout' });
  });

  it('says an unknown flow is not there, and an invalid one where it is wrong, sending nothing', async () => {
    const flow = await command('flow');
    await expect(flow.run(contextFor('nope'))).rejects.toThrow('No saved flow "nope"');
    await project.write('.falcon/flows/broken.yaml', 'steps:\n  - requets: health\n');
    await expect(flow.run(contextFor('broken'))).rejects.toThrow('broken.yaml:2: unknown key "requets" (did you mean "request"?)');
    expect(api.hits).toEqual([]);
  });

  it('says so when the project has no flows', async () => {
    await rm(path.join(project.root, '.falcon', 'flows'), { recursive: true });
    await (await command('flow')).run(contextFor(''));
    expect(texts()).toEqual(['No flows in .falcon/flows/ yet: ask Falcon to write one.']);
  });
});
