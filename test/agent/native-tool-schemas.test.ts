import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultTools } from '../../src/agent/default-tools.js';
import { nativeToolsOf } from '../../src/agent/native-tool-schemas.js';
import { buildSystemPrompt } from '../../src/agent/system-prompt.js';
import { validateToolArgs } from '../../src/kit/tool/validate-args.js';
import { toolResult } from '../../src/kit/tool/tool-result.js';

const tools = await loadDefaultTools();
const toolSearch = tools.find((tool) => tool.name === 'tool_search')!;
const deferred = tools.filter((tool) => tool.deferred);

let project: string;
beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-native-prompt-'));
});
afterAll(() => rm(project, { recursive: true, force: true }));

describe('the tools of a native request', () => {
  it('are the core tools and tool_search, as JSON Schema of their arguments', () => {
    const sent = nativeToolsOf(tools, []);
    const names = sent.map((tool) => tool.name);
    expect(names).toContain('tool_search');
    expect(names).toContain('read_file');
    for (const tool of deferred) expect(names).not.toContain(tool.name);
    const search = sent.find((tool) => tool.name === 'tool_search')!;
    expect(search.parameters).toMatchObject({ type: 'object', properties: { query: { type: 'string' } }, required: ['query'] });
    expect(search.parameters).not.toHaveProperty('$schema');
  });

  it('add a deferred tool once tool_search has returned its reference', async () => {
    const wanted = deferred[0]!;
    const validated = validateToolArgs(toolSearch, { query: `select:${wanted.name}` });
    if (!validated.ok) throw new Error(validated.problems);
    const answer = toolResult(await toolSearch.run(validated.value, {} as never)).text;
    const sent = nativeToolsOf(tools, [{ role: 'user', content: `Observation: ${answer}`, toolCallId: 'call_0' }]);
    expect(sent.map((tool) => tool.name)).toContain(wanted.name);
    expect(sent.map((tool) => tool.name)).not.toContain(deferred[1]!.name);
  });
});

describe('the native system prompt', () => {
  it('teaches calling through the tool API, not the ACTION protocol, and still lists the deferred tools', async () => {
    const text = await buildSystemPrompt({ tools, projectRoot: project, falconHome: path.join(project, 'home') });
    const native = await buildSystemPrompt({ tools, projectRoot: project, falconHome: path.join(project, 'home'), toolProtocol: 'native' });
    expect(text).toContain('ACTION: tool_name(');
    expect(native).not.toContain('ACTION: tool_name(');
    expect(native).toContain('tool-calling interface');
    expect(native).toContain(deferred[0]!.name);
    // The parameters go through the tool API: the prompt does not repeat them.
    expect(native).not.toContain('Parameters are optional unless marked required.');
    expect(native.length).toBeLessThan(text.length);
  });
});
