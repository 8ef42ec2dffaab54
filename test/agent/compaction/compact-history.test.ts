import { describe, expect, it } from 'vitest';
import { compactHistory, type CompactionInput } from '../../../src/agent/compaction/compact-history.js';
import { estimateMessageTokens } from '../../../src/agent/context/estimate-tokens.js';
import type { ChatMessage } from '../../../src/llm/chat-message.js';
import { ModelError } from '../../../src/llm/model-errors.js';
import { ScriptedModel } from '../../support/scripted-model.js';
import { loadDefaultTools } from '../../../src/agent/default-tools.js';
import { createToolRegistry } from '../../../src/kit/tool/tool-registry.js';

const tools = createToolRegistry(await loadDefaultTools());
const history: ChatMessage[] = [
  { role: 'user', content: 'Find out why GET /orders fails.' },
  ...Array.from({ length: 12 }, (_, i): ChatMessage[] => [
    { role: 'assistant', content: `Thought: look at file ${i}.\nACTION: read_file({"path": "src/file${i}.ts"})` },
    { role: 'user', content: `Observation: ${`line of src/file${i}.ts\n`.repeat(40)}` },
  ]).flat(),
];

function input(model: ScriptedModel, extra: Partial<CompactionInput> = {}): CompactionInput {
  return {
    history,
    systemPrompt: 'You are Falcon.',
    model,
    previous: undefined,
    tools,
    describeTools: (names) => names.map((name) => `${name} — full reference`).join('\n'),
    sessionFile: '.falcon/sessions/s1.jsonl',
    keepRecentTokens: 600,
    checkpointTokens: 400,
    requestLimit: 7_000,
    estimate: estimateMessageTokens,
    signal: new AbortController().signal,
    ...extra,
  };
}

describe('compactHistory', () => {
  it('has the model write the checkpoint by extending the conversation, and keeps the recent pairs verbatim', async () => {
    const model = new ScriptedModel([], { summarize: () => '<think>let me see</think><summary>Goal: GET /orders. Findings: none yet.</summary>' });
    const compaction = (await compactHistory(input(model)))!;
    expect(compaction.method).toBe('summary');
    const asked = model.summaryRequests[0]!;
    expect(asked[0]).toEqual({ role: 'system', content: 'You are Falcon.', stablePrefix: true });
    expect(asked.slice(1, -1)).toEqual(history.slice(0, compaction.replaced));
    expect(compaction.checkpoint).toContain('Goal: GET /orders. Findings: none yet.');
    expect(compaction.checkpoint).not.toContain('let me see');
    expect(compaction.checkpoint).toContain('.falcon/sessions/s1.jsonl');
    expect(compaction.checkpoint).toMatch(/## Files read\n- src\/file0\.ts/);
    expect(history[compaction.replaced]!.role).toBe('assistant');
    expect(compaction.state.summary).toBe('Goal: GET /orders. Findings: none yet.');
  });

  it('asks again from a plain transcript when the conversation does not fit or the answer has no tags', async () => {
    let calls = 0;
    const model = new ScriptedModel([], {
      summarize: () => (++calls === 1 ? 'I think the orders handler is broken.' : '<summary>From the transcript.</summary>'),
    });
    const compaction = (await compactHistory(input(model)))!;
    expect(compaction.method).toBe('transcript');
    const second = model.summaryRequests[1]!;
    expect(second).toHaveLength(2);
    expect(second[1]!.content).toContain('User: Find out why GET /orders fails.');
    expect(compaction.checkpoint).toContain('From the transcript.');
  });

  it('uses only the transcript when the replaced part is larger than a request may be', async () => {
    const model = new ScriptedModel([], { summarize: () => '<summary>short</summary>' });
    const compaction = (await compactHistory(input(model, { requestLimit: 1_500 })))!;
    expect(model.summaryRequests).toHaveLength(1);
    expect(compaction.method).toBe('transcript');
    expect(estimateMessageTokens(model.summaryRequests[0]!)).toBeLessThanOrEqual(1_500);
    expect(model.summaryRequests[0]![1]!.content).toMatch(/earlier messages? left out/);
  });

  it('falls back to elision when no summary can be had: stubs that say where the full text is', async () => {
    const model = new ScriptedModel([], { summarize: () => new ModelError({ transient: false, message: 'down' }) });
    const compaction = (await compactHistory(
      input(model, {
        previous: { facts: { filesRead: ['old.ts'], filesChanged: [], requests: [], variables: [], toolsLoaded: [] }, summary: 'Earlier: logged in.' },
      }),
    ))!;
    expect(compaction.method).toBe('elision');
    expect(compaction.checkpoint).toContain('Earlier: logged in.');
    expect(compaction.checkpoint).toMatch(/- Result: line of src\/file\d+\.ts \[\d[\d,]* characters elided; the full text is in \.falcon\/sessions\/s1\.jsonl/);
    expect(compaction.checkpoint).toMatch(/## Files read\n- old\.ts\n- src\/file0\.ts/);
    expect(estimateMessageTokens([{ role: 'user', content: compaction.checkpoint }])).toBeLessThan(1_000);
  });

  it('shows only the newest facts when they would not fit, and counts the rest', async () => {
    const requests: ChatMessage[] = Array.from({ length: 40 }, (_, i): ChatMessage[] => [
      { role: 'assistant', content: `ACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/orders/${i}"})` },
      { role: 'user', content: `Observation: HTTP 200 OK · 3 ms · 20 B\n\n{"id": ${i}}` },
    ]).flat();
    const model = new ScriptedModel([], { summarize: () => '<summary>Read 40 orders.</summary>' });
    const compaction = (await compactHistory(input(model, { history: [history[0]!, ...requests], checkpointTokens: 200 })))!;
    expect(compaction.checkpoint).toMatch(/## Requests sent\n- \(\d+ earlier\)\n(- GET \{\{BASE_URL\}\}\/orders\/\d+ → HTTP 200 OK\n?)+/);
    expect(estimateMessageTokens([{ role: 'user', content: compaction.checkpoint }])).toBeLessThanOrEqual(310);
    expect(compaction.state.facts.requests.length).toBeGreaterThan(20);
  });

  it('keeps the references of tools loaded with tool_search', async () => {
    const searched: ChatMessage[] = [
      { role: 'user', content: 'smoke it' },
      { role: 'assistant', content: 'ACTION: tool_search({"query": "smoke"})' },
      { role: 'user', content: 'Observation: run_smoke — Sends one request per operation.' },
      ...history.slice(1),
    ];
    const model = new ScriptedModel([], { summarize: () => '<summary>s</summary>' });
    const compaction = (await compactHistory(input(model, { history: searched })))!;
    expect(compaction.checkpoint).toContain('## Tools loaded with tool_search (call them directly)\nrun_smoke — full reference');
  });

  it('lets a cancel through instead of falling back', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([], {
      summarize: () => {
        controller.abort();
        const error = new Error('aborted');
        error.name = 'AbortError';
        return error;
      },
    });
    await expect(compactHistory(input(model, { signal: controller.signal }))).rejects.toThrow('aborted');
  });

  it('does nothing with a history too short to compact', async () => {
    const model = new ScriptedModel([]);
    expect(await compactHistory(input(model, { history: history.slice(0, 1) }))).toBeUndefined();
  });
});
