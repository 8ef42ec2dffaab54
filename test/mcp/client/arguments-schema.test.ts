import { describe, expect, it } from 'vitest';
import { createArgumentsCompiler } from '../../../src/mcp/client/arguments-schema.js';
import { mcpTool } from '../../../src/mcp/client/mcp-tool.js';
import { describeTool } from '../../../src/agent/tool-reference.js';
import { validateToolArgs } from '../../../src/kit/tool/validate-args.js';

const QUERY_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    sql: { type: 'string', description: 'one SELECT statement' },
    limit: { type: 'integer', minimum: 1, default: 100 },
    format: { enum: ['rows', 'csv'] },
  },
  required: ['sql'],
  additionalProperties: false,
};

async function queryTool(description = 'Run a read-only SQL query.') {
  const schema = await createArgumentsCompiler()(QUERY_SCHEMA);
  return mcpTool({ server: 'db', tool: 'query', description, schema, call: async () => 'ok' });
}

describe("an MCP tool's arguments", () => {
  it("are described to the model from the server's JSON Schema, like Falcon's own tools", async () => {
    expect(describeTool(await queryTool())).toBe(
      [
        'mcp__db__query — Run a read-only SQL query. (the user approves each call)',
        '  - sql (string, required): one SELECT statement',
        '  - limit (integer, default 100)',
        '  - format ("rows" | "csv")',
      ].join('\n'),
    );
  });

  it('are checked against that schema with every problem named', async () => {
    const tool = await queryTool();
    expect(validateToolArgs(tool, { sql: 'select 1', limit: 5 })).toEqual({ ok: true, value: { sql: 'select 1', limit: 5 } });
    expect(validateToolArgs(tool, { limit: 0, format: 'xml', drop: true })).toEqual({
      ok: false,
      problems:
        'they do not fit the server\'s schema: $: must have required property \'sql\'; $: must NOT have additional properties: "drop"; $.limit: must be >= 1, got 0; $.format: must be equal to one of the allowed values "rows", "csv", got "xml"',
    });
  });

  it("keep the server's schema apart from another tool declaring the same $id", async () => {
    const compile = createArgumentsCompiler();
    const withId = { ...QUERY_SCHEMA, $id: 'https://example.com/args' };
    await compile(withId);
    const second = await compile({ ...withId, required: [] });
    expect(second.safeParse({}).success).toBe(true);
  });

  it('cannot be checked against a schema ajv cannot compile: the compiler says why', async () => {
    await expect(createArgumentsCompiler()({ type: 'object', properties: { a: { type: 'text' } } })).rejects.toThrow(
      /^schema is invalid: data\/properties\/a\/type must be equal to one of the allowed values/,
    );
  });

  it('get a name models write as an identifier, and a one-line description', async () => {
    const schema = await createArgumentsCompiler()({ type: 'object' });
    const tool = mcpTool({
      server: 'issue-tracker',
      tool: 'issues.search',
      description: 'Search issues.\n\nLong manual follows.',
      schema,
      call: async () => '',
    });
    expect(tool.name).toBe('mcp__issue_tracker__issues_search');
    expect(tool.description).toBe('Search issues. Long manual follows.');
    expect(await tool.preview?.({ q: 'bug' }, {} as never)).toEqual({
      kind: 'info',
      title: 'issues.search on MCP server "issue-tracker" (mcp__issue_tracker__issues_search)',
      details: 'arguments: {\n  "q": "bug"\n}',
      always: { kind: 'every_call' },
    });
  });
});
