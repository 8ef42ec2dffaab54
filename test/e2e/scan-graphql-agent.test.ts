import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BOOKSHOP_USERS } from '../apis/graphql-api/bookshop-data.js';
import { type BookshopGraphQL, startBookshopGraphQL } from '../apis/graphql-api/bookshop-graphql.js';
import { runFalcon } from '../support/falcon-binary.js';
import { useFakeModelProject } from '../support/fake-model-project.js';

const project = useFakeModelProject();
const [ALICE, BOB] = BOOKSHOP_USERS as [(typeof BOOKSHOP_USERS)[number], (typeof BOOKSHOP_USERS)[number]];

let bookshop: BookshopGraphQL;
beforeEach(async () => {
  bookshop = await startBookshopGraphQL();
  // The bookshop is the project's API; the users' tokens come from its environment, never the model's words.
  const environments = path.join(project.sandbox.project, '.falcon', 'environments');
  await mkdir(environments, { recursive: true });
  await writeFile(
    path.join(environments, 'dev.yaml'),
    `BASE_URL: ${new URL(bookshop.endpoint).origin}\nALICE_TOKEN: ${ALICE.token}\nBOB_TOKEN: ${BOB.token}\n`,
  );
  await project.sandbox.trustProject();
});
afterEach(() => bookshop.close());

/** What the model read after its n-th reply (1-based): the observation of that reply's call. */
const observationAfter = (reply: number) => project.models.requests[reply]!.messages.at(-1)!.content;

it('the model scans the GraphQL endpoint with scan_security as two users and reads each finding', async () => {
  const scan = { graphql: '{{BASE_URL}}/graphql', tokens: ['Alice:{{ALICE_TOKEN}}', 'Bob:{{BOB_TOKEN}}'] };
  project.models.script([
    'ACTION: tool_search({"query": "select:scan_security"})',
    `ACTION: scan_security(${JSON.stringify(scan)})`,
    "Final Answer: Bob can read Alice's order 101, and searchBooks(title:) is open to SQL injection.",
  ]);
  const result = await runFalcon(['-p', 'security-scan our GraphQL API as alice and bob', '--yes'], {
    cwd: project.sandbox.project,
    env: project.sandbox.env(),
  });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);

  const observation = observationAfter(2);
  expect(observation).not.toContain('output truncated');
  expect(observation).toMatch(/^Observation: Scanned GraphQL API at http:\/\/127\.0\.0\.1:\d+\/graphql as Alice, Bob: 5 checks/);
  expect(observation).toMatch(/HIGH +bola +API1:2023 CWE-639 +query order — Bob reads Alice's Order 101/);
  expect(observation).toMatch(/HIGH +sqli +API8:2023 CWE-89 +query searchBooks — A quote in the argument "title"/);
  expect(observation).toMatch(/MEDIUM +resource_limits .*query me — A query 12 levels deep is answered in full/);
  expect(observation).toMatch(/LOW +graphql_field_suggestions .*Did you mean/);
  expect(observation).toMatch(/INFO +graphql_introspection .*Introspection is on/);
  expect(observation).toMatch(/Report: \.falcon\/reports\/scan_report_graphql-api_\d{8}-\d{6}\.md/);
  for (const token of [ALICE.token, BOB.token]) expect(JSON.stringify(project.models.requests)).not.toContain(token);
  // The scan reached the bookshop as both users.
  expect(new Set(bookshop.executed.map(({ caller }) => caller))).toEqual(new Set(['Alice', 'Bob', 'anonymous']));
});
