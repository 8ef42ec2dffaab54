import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { PLANTED_GRAPHQL_DEFECTS, startBookshopGraphQL, type BookshopGraphQL } from '../../apis/graphql-api/bookshop-graphql.js';
import { startFakeModelServer, type FakeModelServer } from '../../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../../support/falcon-binary.js';

let models: FakeModelServer;
let planted: BookshopGraphQL;
let sandbox: Sandbox;

beforeAll(async () => {
  [models, planted] = await Promise.all([startFakeModelServer(), startBookshopGraphQL()]);
});
afterAll(() => Promise.all([models.close(), planted.close()]));
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.testApiAt(new URL(planted.endpoint).origin);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 131_072 } },
    },
  });
  await sandbox.trustProject();
});
afterEach(() => sandbox.cleanup());

it('the model ingests a GraphQL endpoint, smokes its queries, generates and saves a suite, and runs it again', async () => {
  models.script([
    `ACTION: ingest_spec({"source": "${planted.endpoint}"})`,
    'ACTION: run_smoke({})',
    'ACTION: generate_functional_tests({"execute": true, "save": "bookshop"})',
    'ACTION: test_suite({"action": "run", "name": "bookshop"})',
    'Final Answer: Book.price is null for rare books; a long title crashes searchBooks',
  ]);
  const result = await runFalcon(['-p', 'test my GraphQL API'], { cwd: sandbox.project, env: sandbox.env() });
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe('Book.price is null for rare books; a long title crashes searchBooks\n');

  const [ingested, smoke, generated, rerun] = models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
  expect(ingested).toContain('Wrote .falcon/spec.yaml');
  expect(ingested).toContain('query.books: query books(genre: Genre, limit: Int): [Book!]!');
  // One valid request per query: the first genre, FICTION, holds no rare book.
  expect(smoke).toMatch(/5 cases in \d+ ms — 5 passed, 0 failed; operations covered 5\/7/);
  expect(smoke).toContain('2 of 7 operations were not smoked (mutations)');
  const { nullForNonNull } = PLANTED_GRAPHQL_DEFECTS;
  for (const observation of [generated, rerun]) {
    expect(observation).toContain(`${nullForNonNull.field} is declared Float! but answered null at books[0].price, for genre: RARE`);
    expect(observation).toMatch(/graphql_no_server_error: server error 500 .*, for title: /);
    expect(observation).toMatch(/graphql_invalid_input: genre 42, not a Genre was answered 400 without a GraphQL error/);
    expect(observation).not.toMatch(/request_error/);
  }
  const suite = await readFile(path.join(sandbox.project, '.falcon', 'tests', 'bookshop.yaml'), 'utf8');
  expect(suite).toContain('query Books($genre: Genre, $limit: Int)');
  const reports = (await readdir(path.join(sandbox.project, '.falcon', 'reports'))).filter((file) => file.endsWith('.md'));
  expect(reports.filter((file) => file.startsWith('smoke_report_'))).toHaveLength(1);
  expect(reports.filter((file) => file.startsWith('functional_report_'))).toHaveLength(1);
});
