import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportFaces } from '../../../src/dashboard/read/report-faces.js';
import type { JsonReport } from '../../../src/engines/testing/report/json-report.js';
import { BOOKSHOP_USERS } from '../../apis/graphql-api/bookshop-data.js';
import { PLANTED_GRAPHQL_DEFECTS, startBookshopGraphQL, type BookshopGraphQL } from '../../apis/graphql-api/bookshop-graphql.js';
import { createSandbox, runFalcon, type Sandbox } from '../../support/falcon-binary.js';

// Needs the built binary: `node scripts/build.mjs`.
let planted: BookshopGraphQL;
let twin: BookshopGraphQL;
let sandbox: Sandbox;

beforeAll(async () => {
  [planted, twin] = await Promise.all([startBookshopGraphQL(), startBookshopGraphQL({ twin: true })]);
});
afterAll(() => Promise.all([planted.close(), twin.close()]));
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

const asAlice = ['-H', `Authorization: Bearer ${BOOKSHOP_USERS[0]!.token}`];
const falcon = (...args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
const readReport = async (file: string) => JSON.parse(await readFile(path.join(sandbox.project, file), 'utf8')) as JsonReport;

describe('falcon test on a GraphQL API', () => {
  it('finds the planted null for a non-null field and the 500 on a long string, exits 1 and writes JUnit', async () => {
    const result = await falcon('test', '--graphql', planted.endpoint, ...asAlice, '--junit', 'junit.xml', '--report', 'run.json');
    expect(result.code).toBe(1);
    const { nullForNonNull, crashOnLongString } = PLANTED_GRAPHQL_DEFECTS;
    expect(result.stdout).toMatch(
      new RegExp(`${nullForNonNull.field.replace('.', '\\.')} is declared Float! but answered null at books\\[0\\]\\.price, for genre: RARE`),
    );
    expect(result.stdout).toMatch(/graphql_no_server_error/);
    expect(result.stdout).toMatch(/graphql_invalid_input/);
    const report = await readReport('run.json');
    const fuzzed = report.results.find((one) => one.case.operationId === `query.${crashOnLongString.operation}` && one.fuzz && one.outcome === 'failed');
    const title = (fuzzed?.case.request.body as { variables: Record<string, string> }).variables[crashOnLongString.argument]!;
    expect(title.length).toBeGreaterThan(crashOnLongString.length);
    expect(title.length).toBeLessThan(crashOnLongString.length + 10);
    expect(fuzzed?.findings[0]?.message).toMatch(/^server error 500 .*, for title: /);
    expect(report.warnings?.map((warning) => `${warning.kind} ${warning.operation}`)).toEqual(['missing_auth query.order']);
    const junit = await readFile(path.join(sandbox.project, 'junit.xml'), 'utf8');
    expect(junit).toContain('query books (genre: RARE, limit: 1)');
    expect(junit).toMatch(/<failure[^>]*graphql_response_schema/);

    // The dashboard reads the same report and shows the GraphQL operations and their failures.
    const text = await readFile(path.join(sandbox.project, 'run.json'), 'utf8');
    const content = JSON.parse(text) as Record<string, unknown>;
    const face = (await reportFaces()).find((candidate) => candidate.recognise(content))!;
    expect(face.kind).toBe('test');
    const page = await face.page('run.json', await face.read(content, text, 'run.json'));
    const html = page.main.join('\n');
    expect(html).toContain('query books (genre: RARE, limit: 1)');
    expect(html).toContain('graphql_response_schema');
    expect(html).toContain('Book.price is declared Float! but answered null');
  });

  it('passes the conforming twin from its SDL file, introspection being off', async () => {
    await copyFile(twin.sdlFile, path.join(sandbox.project, 'schema.graphql'));
    const result = await falcon('test', '--graphql', twin.endpoint, '--graphql-schema', 'schema.graphql', ...asAlice, '--junit', 'junit.xml');
    expect(result.stdout).not.toContain('Failures');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Cases: (\d+) — \1 passed, 0 failed, 0 skipped$/m);
    expect(await readFile(path.join(sandbox.project, 'junit.xml'), 'utf8')).toContain('failures="0"');
  });

  it('splits the operations across shards, and writes the HTML report with the operations named', async () => {
    const shard = async (part: string) => {
      const result = await falcon('test', '--graphql', planted.endpoint, ...asAlice, '--shard', `${part}/2`, '--report', `shard-${part}.json`);
      expect(result.code).toBe(1);
      return (await readReport(`shard-${part}.json`)).results.map((one) => one.case.operationId);
    };
    const [first, second] = [new Set(await shard('1')), new Set(await shard('2'))];
    expect([...first].filter((operation) => second.has(operation))).toEqual([]);
    expect([...first, ...second].sort()).toEqual([
      'mutation.cancelOrder',
      'mutation.placeOrder',
      'query.book',
      'query.books',
      'query.me',
      'query.order',
      'query.searchBooks',
    ]);
    const html = await falcon('test', '--graphql', planted.endpoint, '--report', 'run.html');
    expect(html.code).toBe(1);
    expect(await readFile(path.join(sandbox.project, 'run.html'), 'utf8')).toContain('query books (genre: RARE, limit: 1)');
  });

  it('says introspection is off and what to give instead, without --graphql-schema', async () => {
    const result = await falcon('test', '--graphql', twin.endpoint);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('did not answer GraphQL introspection');
  });

  it('tests an ingested GraphQL endpoint with no flags, as --graphql does', async () => {
    const ingest = await falcon('spec', 'ingest', planted.endpoint);
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toContain('GraphQL introspection');
    const result = await falcon('test', ...asAlice, '--report', 'run.json');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/Book\.price is declared Float! but answered null at books\[0\]\.price, for genre: RARE/);
    expect((await readReport('run.json')).warnings?.map((warning) => warning.operation)).toEqual(['query.order']);
  });
});
