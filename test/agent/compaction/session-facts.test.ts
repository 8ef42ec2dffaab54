import { describe, expect, it } from 'vitest';
import { addFacts, noFacts } from '../../../src/agent/compaction/session-facts.js';
import { toolStepsOf } from '../../../src/agent/compaction/tool-steps.js';
import type { ChatMessage } from '../../../src/llm/chat-message.js';

const tools = new Set(['read_file', 'edit_file', 'http_request', 'variable', 'extract_value', 'tool_search', 'run_smoke']);
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
      ...step('extract_value({"json_path": "$.id", "save_as": "user_id"})', 'user_id = 7'),
      ...step('variable({"action": "set", "name": "TOKEN", "value": "x"})', 'Set TOKEN'),
      ...step('tool_search({"query": "smoke"})', 'run_smoke — Sends one request per operation.\n  - base_url (string, optional)'),
    ];
    const facts = addFacts(noFacts(), toolStepsOf(history, tools), tools);
    expect(facts).toEqual({
      filesRead: ['src/users.ts'],
      filesChanged: ['src/users.ts'],
      requests: ['GET {{BASE_URL}}/users → HTTP 500 Internal Server Error'],
      variables: ['user_id', 'TOKEN'],
      toolsLoaded: ['run_smoke'],
    });
  });

  it('carries earlier facts forward, the newest last and each once', () => {
    const first = addFacts(noFacts(), toolStepsOf(step('read_file({"path": "a.ts"})', 'ok'), tools), tools);
    const second = addFacts(first, toolStepsOf([...step('read_file({"path": "b.ts"})', 'ok'), ...step('read_file({"path": "a.ts"})', 'ok')], tools), tools);
    expect(second.filesRead).toEqual(['b.ts', 'a.ts']);
  });
});
