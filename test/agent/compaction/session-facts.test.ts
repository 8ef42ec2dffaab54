import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadDefaultTools } from '../../../src/agent/default-tools.js';
import { addFacts, noFacts } from '../../../src/agent/compaction/session-facts.js';
import { toolStepsOf } from '../../../src/agent/compaction/tool-steps.js';
import { defineTool } from '../../../src/kit/tool/tool.js';
import { createToolRegistry } from '../../../src/kit/tool/tool-registry.js';
import type { ChatMessage } from '../../../src/llm/chat-message.js';

const tools = createToolRegistry(await loadDefaultTools());
const step = (action: string, observation: string): ChatMessage[] => [
  { role: 'assistant', content: `Thought: next.\nACTION: ${action}` },
  { role: 'user', content: `Observation: ${observation}` },
];

describe('session facts of a checkpoint', () => {
  it('names files read and changed, requests with their status, variables and searched tools — only what succeeded', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'why does /users fail?' },
      ...step('http_request({"method": "get", "url": "{{BASE_URL}}/users"})', 'HTTP 500 Internal Server Error · 12 ms · 80 B\n…'),
      ...step('read_file({"path": "src/users.ts"})', '1 | export …'),
      ...step('read_file({"path": "src/missing.ts"})', 'Error: no file src/missing.ts'),
      ...step('edit_file({"path": "src/users.ts", "old_string": "a", "new_string": "b"})', 'Changed src/users.ts'),
      ...step('edit_file({"path": "src/db.ts", "old_string": "a", "new_string": "b"})', 'The user declined change src/db.ts.'),
      ...step('write_file({"path": "src/new.ts", "content": "x"})', 'Created src/new.ts (1 line)'),
      ...step('extract_value({"json_path": "$.id", "save_as": "user_id"})', 'user_id = 7'),
      ...step('variable({"action": "set", "name": "TOKEN", "value": "x"})', 'Set TOKEN'),
      ...step('variable({"action": "get", "name": "OTHER"})', 'OTHER = 1 (session)'),
      ...step('request({"action": "run", "name": "get-user"})', 'PASSED: "get-user" → HTTP 200, 1 of 1 assertion passed\nGET …'),
      ...step('tool_search({"query": "smoke"})', 'run_smoke — Sends one request per operation.\n  - base_url (string, optional)\nnot_a_tool — nothing'),
    ];
    const facts = addFacts(noFacts(), toolStepsOf(history, tools.names), tools);
    expect(facts).toEqual({
      filesRead: ['src/users.ts'],
      filesChanged: ['src/users.ts', 'src/new.ts'],
      requests: ['GET {{BASE_URL}}/users → HTTP 500 Internal Server Error', 'saved request get-user → PASSED: "get-user" → HTTP 200, 1 of 1 assertion passed'],
      variables: ['user_id', 'TOKEN'],
      toolsLoaded: ['run_smoke'],
    });
  });

  it('carries earlier facts forward, the newest last and each once; requests as often as sent', () => {
    const first = addFacts(noFacts(), toolStepsOf(step('read_file({"path": "a.ts"})', 'ok'), tools.names), tools);
    const twice = [...step('read_file({"path": "b.ts"})', 'ok'), ...step('read_file({"path": "a.ts"})', 'ok')];
    const second = addFacts(first, toolStepsOf(twice, tools.names), tools);
    expect(second.filesRead).toEqual(['b.ts', 'a.ts']);
    const sent = step('http_request({"method": "GET", "url": "/a"})', 'HTTP 200 OK · 1 ms · 2 B');
    expect(addFacts(noFacts(), toolStepsOf([...sent, ...sent], tools.names), tools).requests).toEqual(['GET /a → HTTP 200 OK', 'GET /a → HTTP 200 OK']);
  });

  it('takes the facts a tool declares, and none from a tool that declares none', () => {
    const fetchDoc = defineTool({
      name: 'fetch_doc',
      description: 'Reads a document.',
      schema: z.strictObject({ doc: z.string() }),
      kind: 'read',
      facts: ({ args, ok }) => (ok && typeof args.doc === 'string' ? { filesRead: [`docs/${args.doc}`] } : {}),
      run: async () => 'a document',
    });
    const silent = defineTool({
      name: 'silent',
      description: 'Says nothing.',
      schema: z.strictObject({ path: z.string() }),
      kind: 'read',
      run: async () => 'ok',
    });
    const own = createToolRegistry([fetchDoc, silent]);
    const history = [...step('fetch_doc({"doc": "api.md"})', 'a document'), ...step('silent({"path": "x.ts"})', 'ok')];
    expect(addFacts(noFacts(), toolStepsOf(history, own.names), own)).toEqual({ ...noFacts(), filesRead: ['docs/api.md'] });
  });
});
