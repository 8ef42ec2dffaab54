import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createArgumentsCompiler } from '../../src/mcp/client/arguments-schema.js';
import { mcpTool } from '../../src/mcp/client/mcp-tool.js';
import { loadDefaultTools } from '../../src/agent/default-tools.js';
import type { AnyTool } from '../../src/kit/tool/tool.js';
import type { TargetKind } from '../../src/kit/tool/tool-target.js';

// Every tool of a session — Falcon's core and deferred ones and an MCP server's — says itself what
// rules match in its calls, whether plan mode may run them and how a call is shown: no table in the
// agent or the front ends knows tool names. Checked over the real registry, whatever it holds.

const compile = createArgumentsCompiler();
const querySchema = await compile({ type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] });
const outside = [
  mcpTool({ server: 'db', tool: 'query', schema: querySchema, readOnlyHint: true, call: async () => 'rows' }),
  mcpTool({ server: 'db', tool: 'drop_table', schema: querySchema, call: async () => 'dropped' }),
];
const tools = await loadDefaultTools(outside);

/** The tool kinds whose calls may name a target of each kind. */
const KINDS_OF_TARGET: Record<TargetKind, readonly string[]> = {
  path: ['read', 'write'],
  command: ['exec'],
  url: ['network'],
};

/** The arguments the tool's schema declares, as the model sees them. */
function parameters(tool: AnyTool): string[] {
  const schema = z.toJSONSchema(tool.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return Object.keys(schema.properties ?? {});
}

/** The target of a call whose every argument is `value`, and the arguments the tool read to find it. */
function probeTarget(tool: AnyTool, value: string) {
  const read = new Set<string>();
  const args = new Proxy({}, { get: (_args, key) => (read.add(String(key)), value) }) as Record<string, unknown>;
  return { target: tool.target(args), read: [...read] };
}

describe('the tools of a session', () => {
  it('hold core and deferred tools of Falcon and the MCP servers’ tools', () => {
    expect(tools.some((tool) => !tool.deferred && !tool.name.startsWith('mcp__'))).toBe(true);
    expect(tools.some((tool) => tool.deferred)).toBe(true);
    expect(tools.filter((tool) => tool.name.startsWith('mcp__')).map((tool) => tool.name)).toEqual(['mcp__db__query', 'mcp__db__drop_table']);
  });
});

describe.each(tools.map((tool) => [tool.name, tool] as const))('%s', (name, tool) => {
  it('describes a call as one line starting with its name', () => {
    expect(tool.describe({})).toMatch(new RegExp(`^${name}\\b`));
    const label = tool.describe({ path: 'src/a\nb.ts', url: 'http://localhost:3000/users', note: 'two\r\nlines' });
    expect(label.startsWith(name)).toBe(true);
    expect(label).not.toMatch(/[\r\n]/);
  });

  it('names a target only from an argument it has, of a kind its calls can reach', () => {
    const { target, read } = probeTarget(tool, 'probe/value');
    expect(parameters(tool)).toEqual(expect.arrayContaining(read));
    if (!target) return;
    expect(KINDS_OF_TARGET[target.kind]).toContain(tool.kind);
    expect(target.value).toContain('probe/value');
  });

  it('says whether its calls only read in a way plan mode can use', () => {
    if (tool.kind === 'read') expect(tool.readOnly).toBeDefined();
    // A tool of Falcon's that writes or runs commands may say which of its calls only read, never that
    // all do; an MCP server's (run as a command) is read-only when its server says so.
    if (tool.kind === 'write' || (tool.kind === 'exec' && !name.startsWith('mcp__'))) expect(tool.readOnly).not.toBe(true);
    const { target } = probeTarget(tool, 'probe/value');
    if (target && target.kind !== 'url' && tool.kind !== 'read') expect(tool.readOnly).toBeUndefined();
  });

  it('declares the facts of a call from the arguments as written, whatever they are, as lists of lines', () => {
    if (!tool.facts) return;
    for (const args of [
      {},
      { path: 7, name: null, url: ['x'], action: 'run' },
      { path: ' src/a.ts ', method: 'post', url: 'http://x/y', action: 'set', name: 'N' },
    ]) {
      for (const ok of [true, false]) {
        const facts = tool.facts({ args, text: 'HTTP 200 OK · 1 ms · 2 B\nrest', ok });
        const entries = Object.values(facts).flatMap((list) => list ?? []);
        expect(entries.every((entry) => typeof entry === 'string' && !entry.includes('\n'))).toBe(true);
      }
    }
  });
});

describe('the file reader', () => {
  it('is read_file alone: its deny rules hold every tool that reads many files', () => {
    expect(tools.filter((tool) => tool.fileReader).map((tool) => tool.name)).toEqual(['read_file']);
  });
});

describe("an MCP server's tool", () => {
  const [query, drop] = outside as [AnyTool, AnyTool];

  it('has no target: rules name it whole (`mcp__db__query`), whatever its arguments', () => {
    expect(probeTarget(query, 'SELECT 1')).toEqual({ target: undefined, read: [] });
  });

  it('is read-only for plan mode only when its server marks it so', () => {
    expect(query.readOnly).toBe(true);
    expect(typeof drop.readOnly === 'function' && drop.readOnly({ sql: 'DROP TABLE users' })).toBe(
      'is a tool of the MCP server "db" that it does not mark read-only',
    );
  });

  it('is shown as its Falcon name and its arguments', () => {
    expect(query.describe({ sql: 'SELECT *\nFROM users' })).toBe('mcp__db__query SELECT * FROM users');
  });
});
