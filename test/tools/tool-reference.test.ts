import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDefaultTools, createToolRegistry } from '../../src/tools/registry.js';
import { describeTools } from '../../src/tools/tool-reference.js';
import { defineTool } from '../../src/tools/tool.js';

describe('describeTools', () => {
  const tools = createDefaultTools();
  const reference = describeTools(tools);

  it('has every tool and every parameter of its schema, each described', () => {
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

  it('gives types and whether each parameter is required', () => {
    expect(reference).toContain('read_file — Read a text file');
    expect(reference).toContain('  - path (string, required): file or folder, relative to the project root');
    expect(reference).toContain('  - offset (integer, optional): first line to show');
    expect(reference).toContain('  - method ("GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS", required)');
    expect(reference).toContain('  - headers (object of string, optional)');
    expect(reference).toContain('  - body (string | object | array, optional)');
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
      'ping — Ping.\n  (no parameters)\n\nwait — Wait.\n  - ms (number, optional, default 100): how long',
    );
  });
});

describe('createToolRegistry', () => {
  it('finds tools by name and lists them in order', () => {
    const registry = createToolRegistry(createDefaultTools());
    expect(registry.list().map((tool) => tool.name)).toEqual([
      'http_request', 'assert_response', 'extract_value', 'validate_json_schema', 'compare_responses', 'auth', 'wait',
      'webhook_listener', 'ingest_spec', 'run_smoke', 'generate_functional_tests', 'run_tests', 'test_suite',
      'run_data_driven', 'verify_idempotency', 'check_regression', 'request', 'environment', 'variable', 'falcon_read', 'falcon_write', 'memory', 'session_log',
      'read_file', 'list_files', 'glob', 'search_code', 'find_handler', 'analyze_failure', 'edit_file', 'write_file',
      'propose_fix', 'create_test_file', 'bash', 'retry',
    ]);
    expect([...registry.names]).toEqual(registry.list().map((tool) => tool.name));
    expect(registry.get('http_request')?.kind).toBe('network');
    expect(registry.get('write_file')?.preview).toBeTypeOf('function');
    expect(registry.get('nope')).toBeUndefined();
  });

  it('refuses two tools with one name', () => {
    const [first] = createDefaultTools();
    expect(() => createToolRegistry([first!, first!])).toThrow('two tools are named http_request');
  });
});
