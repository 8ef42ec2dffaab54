import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryTool } from '../../../../src/capabilities/falcon-folder/tools/memory.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let home: string;
let ctx: ToolContext;

beforeEach(async () => {
  project = await createTempProject();
  home = path.join(project.outside, 'falcon-home');
  vi.stubEnv('FALCON_HOME', home);
  ctx = toolContext(project.root);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await project.remove();
});

type Args = Parameters<typeof memoryTool.run>[0];
const call = (args: Args) => memoryTool.run(memoryTool.schema.parse(args), ctx);
const memoryFile = () => path.join(home, 'memory.json');
const stored = async () => JSON.parse(await readFile(memoryFile(), 'utf8')) as { version: number; facts: Array<Record<string, unknown>> };
const knowledgeFile = () => path.join(project.root, '.falcon', 'falcon.md');

describe('memory facts', () => {
  it('saves facts to a private ~/.falcon/memory.json in the shape /memory reads', async () => {
    expect(await call({ action: 'recall' })).toBe('Nothing remembered yet.');
    expect(await call({ action: 'save', fact: 'Auth token: from POST /oauth/token, sent as Bearer {{API_TOKEN}}' })).toMatch(/^Remembered f1/);
    await call({ action: 'forget', id: 'f1' });
    expect(await call({ action: 'save', fact: 'POST /orders needs an Idempotency-Key header' })).toBe(
      'Remembered f1: POST /orders needs an Idempotency-Key header',
    );
    expect(await call({ action: 'save', fact: '  post /orders needs an idempotency-key header ' })).toBe(
      'Already remembered as f1: POST /orders needs an Idempotency-Key header',
    );
    const file = await stored();
    expect(file).toEqual({
      version: 1,
      facts: [{ id: 'f1', text: 'POST /orders needs an Idempotency-Key header', project: project.root, createdAt: expect.any(String) }],
    });
    expect((await stat(memoryFile())).mode & 0o777).toBe(0o600);
    expect(await readdir(home)).toEqual(['memory.json']);
  });

  it('recalls everything without a query, and ranks word matches with one', async () => {
    await call({ action: 'save', fact: 'The API rate-limits at 100 requests per minute' });
    await call({ action: 'save', fact: 'Auth uses OAuth2 client credentials from /oauth/token' });
    await call({ action: 'save', fact: 'Authentication errors come back as 403, not 401' });
    expect(await call({ action: 'recall' })).toBe(
      '3 remembered facts:\n- f3: Authentication errors come back as 403, not 401\n- f2: Auth uses OAuth2 client credentials from /oauth/token\n' +
        '- f1: The API rate-limits at 100 requests per minute',
    );
    // A whole word counts more than the beginning of one; case does not matter.
    expect(await call({ action: 'recall', query: 'AUTH token' })).toBe(
      '2 of 3 facts match "AUTH token":\n- f2: Auth uses OAuth2 client credentials from /oauth/token\n- f3: Authentication errors come back as 403, not 401',
    );
    expect(await call({ action: 'recall', query: 'graphql' })).toBe('No fact matches "graphql" (3 remembered; recall without a query shows them all).');
    expect(await call({ action: 'list' })).toMatch(/^3 remembered facts:/);
  });

  it('marks facts learned in another project', async () => {
    await mkdir(home, { recursive: true });
    await writeFile(
      memoryFile(),
      JSON.stringify({ version: 1, facts: [{ id: 'f1', text: 'Prefers curl examples', project: '/work/billing-api', createdAt: '' }] }),
    );
    expect(await call({ action: 'recall' })).toBe('1 remembered fact:\n- f1: Prefers curl examples (from billing-api)');
  });

  it('forgets a fact by id', async () => {
    await call({ action: 'save', fact: 'first' });
    await call({ action: 'save', fact: 'second' });
    expect(await call({ action: 'forget', id: 'f1' })).toBe('Forgot f1: first');
    expect((await stored()).facts.map((fact) => fact.id)).toEqual(['f2']);
    await expect(call({ action: 'forget', id: 'f1' })).rejects.toThrow('No fact with id "f1"; recall or list shows the ids.');
    expect(await call({ action: 'save', fact: 'third' })).toBe('Remembered f3: third');
  });

  it('refuses secrets, empty and oversized facts, and bad arguments, writing nothing', async () => {
    const cases: Array<[Args, string | RegExp]> = [
      [{ action: 'save', fact: 'the admin password=hunter22 works' }, /^Not saved: it holds a secret in clear \(the admin password=\[masked\] works\)/],
      [{ action: 'save', fact: 'token is sk-abcdefghijklmnopqrstu' }, /Not saved/],
      [{ action: 'save', fact: '   ' }, 'save needs a fact with some text.'],
      [{ action: 'save', fact: 'x'.repeat(501) }, /keep it under 500/],
      [{ action: 'save' }, 'memory: save needs fact'],
      [{ action: 'forget' }, 'memory: forget needs id'],
      [{ action: 'recall', fact: 'x' }, /recall does not use fact \(it takes query\)/],
      [{ action: 'update_knowledge', section: 'Auth' }, 'memory: update_knowledge needs content'],
    ];
    for (const [args, message] of cases) {
      const error = await call(args).catch((e: unknown) => e);
      expect(error, JSON.stringify(args)).toBeInstanceOf(ToolError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toMatch(/hunter22|sk-abcdefghijklmnopqrstu/);
    }
    await expect(stat(home)).rejects.toThrow();
  });

  it('reports a broken memory.json and leaves it as it was', async () => {
    await mkdir(home, { recursive: true });
    await writeFile(memoryFile(), '{ broken');
    await expect(call({ action: 'save', fact: 'x' })).rejects.toThrow(/memory\.json is not valid JSON .*fix or remove it/);
    expect(await readFile(memoryFile(), 'utf8')).toBe('{ broken');
  });
});

describe('memory approvals', () => {
  const preview = (args: Args) => memoryTool.preview!(memoryTool.schema.parse(args), ctx);

  it('asks before saving or forgetting a fact, with the change of memory.json and why: every later session reads it', async () => {
    const why = 'it is read into the prompt of every later session in this project';
    expect(await preview({ action: 'save', fact: ' Orders need an Idempotency-Key ' })).toMatchObject({
      kind: 'diff',
      path: memoryFile(),
      isNew: true,
      why,
      diff: expect.stringContaining('+      "text": "Orders need an Idempotency-Key",'),
    });
    await call({ action: 'save', fact: 'Orders need an Idempotency-Key' });
    expect(await preview({ action: 'forget', id: 'f1' })).toMatchObject({
      kind: 'diff',
      isNew: false,
      why,
      diff: expect.stringContaining('-      "text": "Orders need an Idempotency-Key",'),
    });
  });

  it('asks nothing when nothing would change or the call is refused, nor to recall', async () => {
    await call({ action: 'save', fact: 'Orders need an Idempotency-Key' });
    expect(await preview({ action: 'save', fact: 'orders need an idempotency-key' })).toBeUndefined();
    expect(await preview({ action: 'save', fact: 'x'.repeat(501) })).toBeUndefined();
    expect(await preview({ action: 'save', fact: 'password=hunter2-hunter2-hunter2' })).toBeUndefined();
    expect(await preview({ action: 'forget', id: 'f9' })).toBeUndefined();
    expect(await preview({ action: 'recall' })).toBeUndefined();
  });
});

describe('memory update_knowledge', () => {
  const KNOWLEDGE = [
    '# Orders API',
    '',
    '## Endpoints',
    '',
    '- GET /orders',
    '',
    '```md',
    '## not a heading inside a fence',
    '```',
    '',
    '## Auth',
    '',
    'Bearer tokens.   ',
    '',
    '## Known errors',
    '',
    '- 500 on empty cart',
    '',
  ].join('\n');

  it("replaces a section's body and keeps every other byte", async () => {
    await project.write('.falcon/falcon.md', KNOWLEDGE);
    expect(await call({ action: 'update_knowledge', section: '## endpoints', content: '- GET /orders\n- POST /orders (Idempotency-Key)\n' })).toBe(
      'Replaced the section "## endpoints" in .falcon/falcon.md.',
    );
    expect(await readFile(knowledgeFile(), 'utf8')).toBe(
      KNOWLEDGE.replace('- GET /orders\n\n```md\n## not a heading inside a fence\n```\n', '- GET /orders\n- POST /orders (Idempotency-Key)\n'),
    );
    await call({ action: 'update_knowledge', section: 'Known errors', content: '- 500 on empty cart (fixed in v2)' });
    expect(await readFile(knowledgeFile(), 'utf8')).toMatch(/## Auth\n\nBearer tokens\. {3}\n\n## Known errors\n\n- 500 on empty cart \(fixed in v2\)\n$/);
  });

  it('appends a section that is not there, and creates falcon.md when needed', async () => {
    expect(await call({ action: 'update_knowledge', section: 'Auth', content: 'API keys in X-API-Key.' })).toBe(
      'Created .falcon/falcon.md with the section "## Auth".',
    );
    expect(await readFile(knowledgeFile(), 'utf8')).toBe('## Auth\n\nAPI keys in X-API-Key.\n');
    await project.write('.falcon/falcon.md', KNOWLEDGE);
    expect(await call({ action: 'update_knowledge', section: 'Rate limits', content: '100 per minute.' })).toBe(
      'Added the section "## Rate limits" to .falcon/falcon.md.',
    );
    expect(await readFile(knowledgeFile(), 'utf8')).toBe(`${KNOWLEDGE}\n## Rate limits\n\n100 per minute.\n`);
  });

  it('refuses a bad section name or secrets in the content, leaving the file as it was', async () => {
    await project.write('.falcon/falcon.md', KNOWLEDGE);
    await expect(call({ action: 'update_knowledge', section: '##', content: 'x' })).rejects.toThrow(/section must be a heading of one line/);
    await expect(call({ action: 'update_knowledge', section: 'Auth', content: 'Use Authorization: Bearer abcdefgh12345678' })).rejects.toThrow(
      /Not saved: it holds a secret in clear/,
    );
    expect(await readFile(knowledgeFile(), 'utf8')).toBe(KNOWLEDGE);
  });
});
