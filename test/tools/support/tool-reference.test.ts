import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolRegistry } from '../../../src/tools/registry.js';
import { loadDefaultTools } from '../../../src/agent/default-tools.js';
import { describeTool, describeTools, listToolPurposes } from '../../../src/tools/support/tool-reference.js';
import { defineTool } from '../../../src/tools/tool.js';

const tools = await loadDefaultTools();

describe('describeTools', () => {
  const reference = describeTools(tools);

  it('has every tool and every parameter of its schema, each described', () => {
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['read_file', 'edit_file', 'http_request', 'search_code']));
    for (const tool of tools) {
      expect(reference).toContain(`${tool.name} — ${tool.description}`);
      const schema = z.toJSONSchema(tool.schema) as { properties: Record<string, { description?: string }> };
      for (const [name, property] of Object.entries(schema.properties)) {
        expect(property.description, `${tool.name}.${name} needs .describe()`).toBeTruthy();
        expect(reference).toContain(`  - ${name} (`);
        expect(reference).toContain(property.description);
      }
    }
  });

  it('gives types and marks the required parameters', () => {
    expect(reference).toContain('read_file — Read a project file');
    expect(reference).toContain('  - path (string, required): file or folder, relative to the project root');
    expect(reference).toContain('  - offset (integer): first line to show');
    expect(reference).toContain('  - method ("GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS", required)');
    expect(reference).toContain('  - headers (object of string)');
    expect(reference).toContain('  - body (string | object | array)');
    expect(reference).toMatch(/write_file — .*\(the user approves each call\)/);
  });

  it('handles tools without parameters and with defaults', () => {
    const tools = [
      defineTool({ name: 'ping', description: 'Ping.', schema: z.strictObject({}), kind: 'read', run: async () => 'pong' }),
      defineTool({
        name: 'wait',
        description: 'Wait.',
        schema: z.strictObject({ ms: z.number().default(100).describe('how long') }),
        kind: 'read',
        run: async () => 'done',
      }),
    ];
    expect(describeTools(tools)).toBe(
      'ping — Ping.\n  (no parameters)\n\nwait — Wait.\n  - ms (number, default 100): how long',
    );
  });

  it("gives one tool's reference, and lists tools by purpose", () => {
    const [first, second] = tools;
    expect(describeTools([first!])).toBe(describeTool(first!));
    expect(listToolPurposes([first!, second!])).toBe(`- ${first!.name} — ${first!.description}\n- ${second!.name} — ${second!.description}`);
  });
});

describe('createToolRegistry', () => {
  it('finds tools by name and lists them in order', () => {
    const registry = createToolRegistry(tools);
    const names = registry.list().map((tool) => tool.name);
    expect(names).toEqual([
      'http_request', 'assert_response', 'extract_value', 'ingest_spec', 'run_smoke',
      'read_file', 'list_files', 'search_code', 'find_handler', 'analyze_failure', 'edit_file', 'bash', 'memory', 'tool_search',
      'validate_json_schema', 'compare_responses', 'auth', 'wait', 'webhook_listener', 'retry',
      'generate_functional_tests', 'run_tests', 'test_suite', 'run_data_driven', 'verify_idempotency', 'check_regression',
      'run_flow', 'run_performance', 'scan_security', 'request', 'environment', 'variable', 'falcon_read',
      'falcon_write', 'session_log', 'glob', 'write_file', 'propose_fix', 'create_test_file', 'server', 'task_output', 'task_stop', 'subagent',
      'analyze_endpoint', 'auto_test', 'auto_fix',
    ]);
    expect(names.filter((name) => registry.get(name)?.deferred)).toEqual(names.slice(names.indexOf('validate_json_schema')));
    expect([...registry.names]).toEqual(names.flatMap((name) => (name === 'run_flow' ? [name, 'orchestrate_integration'] : [name])));
    expect(registry.get('orchestrate_integration')).toBe(registry.get('run_flow'));
    expect(registry.get('http_request')?.kind).toBe('network');
    expect(registry.get('write_file')?.preview).toBeTypeOf('function');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('refuses two tools with one name', () => {
    const [first] = tools;
    expect(() => createToolRegistry([first!, first!])).toThrow('two tools are named http_request');
  });
});
