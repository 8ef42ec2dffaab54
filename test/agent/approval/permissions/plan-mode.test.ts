import { describe, expect, it } from 'vitest';
import { planModeRefusal } from '../../../../src/agent/approval/permissions/plan-mode.js';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import type { AnyTool } from '../../../../src/kit/tool/tool.js';

const tools = new Map((await loadDefaultTools()).map((tool) => [tool.name, tool]));

/** Plan mode's verdict on a call of a registered tool: undefined (it runs), or what the refusal says it does. */
function verdict(name: string, args: Record<string, unknown> = {}): string | undefined {
  const tool: AnyTool | undefined = tools.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const refusal = planModeRefusal({ tool: tool.name, kind: tool.kind, args, readOnly: tool.readOnly });
  return refusal && /, as it (.*?)\. Plan mode is read-only/.exec(refusal)![1];
}

/** The tools of the registry, each call it may make as plan mode judges it from what the tool declares. */
const CALLS: Record<string, Array<[args: Record<string, unknown>, refused: string | undefined]>> = {
  http_request: [
    [{ method: 'GET', url: 'http://x/' }, undefined],
    [{ method: 'OPTIONS', url: 'http://x/' }, undefined],
    [{ method: 'POST', url: 'http://x/' }, 'sends a POST request'],
    [{ method: 'GET', url: 'http://x/', headers: { 'X-HTTP-Method-Override': 'DELETE' } }, 'sends a DELETE request'],
  ],
  assert_response: [[{}, undefined]],
  extract_value: [
    [{ save_as: 'ID' }, undefined],
    [{ save_as: 'ID', scope: 'global' }, 'saves a global variable in .falcon/variables.json'],
  ],
  ingest_spec: [
    [{ action: 'status' }, undefined],
    [{ source: 'openapi.yaml' }, 'writes .falcon/spec.yaml'],
  ],
  run_smoke: [[{}, 'sends requests that may change data, or keeps what they found']],
  generate_functional_tests: [
    [{}, undefined],
    [{ save: 'users' }, 'saves a suite in .falcon/tests/'],
    [{ execute: true }, 'sends the cases, which may change data, and writes a report'],
  ],
  read_file: [[{ path: 'a' }, undefined]],
  list_files: [[{}, undefined]],
  search_code: [[{ pattern: 'x' }, undefined]],
  find_handler: [[{}, undefined]],
  analyze_failure: [[{}, undefined]],
  edit_file: [[{ path: 'a' }, 'changes files or saved state']],
  bash: [[{ command: 'ls' }, 'runs a command']],
  memory: [
    [{ action: 'recall' }, undefined],
    [{ action: 'list' }, undefined],
    [{ action: 'save', fact: 'x' }, 'changes files or saved state (its save action)'],
    [{ action: 'forget', id: 'f1' }, 'changes files or saved state (its forget action)'],
    [{ action: 'update_knowledge', section: 'A', content: 'b' }, 'changes files or saved state (its update_knowledge action)'],
  ],
  tool_search: [[{ query: 'x' }, undefined]],
  validate_json_schema: [[{}, undefined]],
  compare_responses: [
    [{ baseline: 'b' }, undefined],
    [{ baseline: 'b', save_baseline: true }, 'saves a baseline'],
  ],
  auth: [
    [{ action: 'bearer', token: 't' }, undefined],
    [{ action: 'oauth2' }, 'requests a token with a POST'],
  ],
  wait: [[{ duration_ms: 10 }, undefined]],
  webhook_listener: [
    [{ action: 'get_requests' }, undefined],
    [{ action: 'start' }, 'starts a listener'],
    [{ action: 'stop' }, 'stops a listener'],
  ],
  websocket: [
    [{ url: 'ws://x/' }, undefined],
    [{ url: 'ws://x/', send: ['hi'] }, 'sends WebSocket messages'],
  ],
  run_tests: [[{}, 'sends requests that may change data, or keeps what they found']],
  test_suite: [
    [{ action: 'list' }, undefined],
    [{ action: 'show', name: 's' }, undefined],
    [{ action: 'run', name: 's' }, 'changes files or saved state (its run action)'],
    [{ action: 'delete', name: 's' }, 'changes files or saved state (its delete action)'],
  ],
  run_data_driven: [[{}, 'sends requests that may change data, or keeps what they found']],
  verify_idempotency: [[{}, 'sends requests that may change data, or keeps what they found']],
  check_regression: [[{ baseline: 'b' }, 'sends requests that may change data, or keeps what they found']],
  run_flow: [[{}, 'sends requests that may change data, or keeps what they found']],
  run_performance: [[{}, 'sends requests that may change data, or keeps what they found']],
  scan_security: [[{}, 'sends requests that may change data, or keeps what they found']],
  subagent: [
    [{ agent: 'scout', task: 't' }, undefined],
    [{ agent: 'scout', task: 't', background: true }, 'starts a background task'],
  ],
  request: [
    [{ action: 'list' }, undefined],
    [{ action: 'load', name: 'r' }, undefined],
    [{ action: 'run', name: 'r' }, 'sends the saved request, whatever its method'],
    [{ action: 'save', name: 'r', url: 'http://x/' }, 'changes files or saved state (its save action)'],
  ],
  environment: [
    [{ action: 'list' }, undefined],
    [{ action: 'get' }, undefined],
    [{ action: 'use', name: 'dev' }, 'changes files or saved state (its use action)'],
    [{ action: 'set', name: 'dev', variables: {} }, 'changes files or saved state (its set action)'],
  ],
  variable: [
    [{ action: 'get', name: 'A' }, undefined],
    [{ action: 'list' }, undefined],
    [{ action: 'set', name: 'A', value: '1' }, undefined],
    [{ action: 'set', name: 'A', value: '1', scope: 'global' }, 'saves a global variable in .falcon/variables.json'],
    [{ action: 'delete', name: 'A', scope: 'session' }, undefined],
    [{ action: 'delete', name: 'A' }, 'may delete a global variable from .falcon/variables.json'],
  ],
  falcon_read: [[{ path: 'falcon.md' }, undefined]],
  falcon_write: [[{ path: 'notes.md' }, 'changes files or saved state']],
  session_log: [
    [{ action: 'list' }, undefined],
    [{ action: 'read' }, undefined],
    [{ action: 'start', name: 'n' }, undefined],
    [{ action: 'end' }, undefined],
  ],
  glob: [[{ pattern: '*' }, undefined]],
  write_file: [[{ path: 'a' }, 'changes files or saved state']],
  propose_fix: [[{}, undefined]],
  create_test_file: [[{}, 'changes files or saved state']],
  server: [
    [{ action: 'status' }, undefined],
    [{ action: 'logs', grep: 'error' }, undefined],
    [{ action: 'start' }, "runs the API's server command"],
    [{ action: 'restart' }, "runs the API's server command"],
    [{ action: 'stop' }, "stops the API's server"],
  ],
  task_output: [[{ task: 't1' }, undefined]],
  task_stop: [[{ task: 't1' }, 'runs a command']],
  analyze_endpoint: [
    [{ method: 'GET', path: '/users' }, undefined],
    [{ method: 'POST', path: '/users' }, 'sends a POST request'],
    [{ method: 'POST', path: '/users', probe: false }, undefined],
  ],
  auto_test: [[{}, 'changes files or saved state']],
  auto_fix: [[{}, 'changes files or saved state']],
  retry: [[{}, 'may start or change something']],
};

describe('plan mode over every tool', () => {
  it.each(Object.entries(CALLS).flatMap(([name, calls]) => calls.map(([args, refused]) => [name, args, refused] as const)))(
    '%s %j → %s',
    (name, args, refused) => {
      expect(verdict(name, args)).toBe(refused);
    },
  );

  it('judges a tool the table does not list by what it declares: read-only runs, nothing declared is refused', () => {
    const made = (readOnly: AnyTool['readOnly']) => planModeRefusal({ tool: 'made_up', kind: 'network', args: {}, readOnly });
    expect(made(true)).toBeUndefined();
    expect(made(undefined)).toMatch(/^Plan mode is on: made_up was not run/);
    expect(made((args) => (args.go ? 'goes' : undefined))).toBeUndefined();
    for (const tool of [...tools.values()].filter(({ name }) => !(name in CALLS))) {
      if (tool.readOnly === true) expect(verdict(tool.name), tool.name).toBeUndefined();
      if (tool.readOnly === undefined) expect(verdict(tool.name), tool.name).toBeDefined();
    }
  });
});
