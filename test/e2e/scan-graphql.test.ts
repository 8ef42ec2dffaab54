// Runs the built binary (npm run build first; npm test does it) against the GraphQL bookshop and its twin on loopback.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/capabilities/scan/engine/finding.js';
import { faces } from '../../src/capabilities/scan/faces.js';
import { BOOKSHOP_USERS } from '../apis/graphql-api/bookshop-data.js';
import { type BookshopGraphQL, startBookshopGraphQL } from '../apis/graphql-api/bookshop-graphql.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { runBash } from './replay-findings.js';

const [ALICE, BOB] = BOOKSHOP_USERS as [(typeof BOOKSHOP_USERS)[number], (typeof BOOKSHOP_USERS)[number]];
const TOKENS = ['--token', `${ALICE.name}:${ALICE.token}`, '--token', `${BOB.name}:${BOB.token}`];
/** The test servers take any pace; the default (20 a second) is for other people's servers. */
const FAST = ['--rate', '200', '--max-rate', '1000'];

let sandbox: Sandbox;
let bookshops: BookshopGraphQL[];

beforeEach(async () => {
  sandbox = await createSandbox();
  bookshops = [];
});
afterEach(async () => {
  await Promise.all(bookshops.map((bookshop) => bookshop.close()));
  await sandbox.cleanup();
});

async function bookshop(twin = false): Promise<BookshopGraphQL> {
  const started = await startBookshopGraphQL({ twin });
  bookshops.push(started);
  return started;
}

const falcon = (args: string[]) => runFalcon(['scan', ...args], { cwd: sandbox.project, env: sandbox.env() });
const read = (relative: string) => readFile(path.join(sandbox.project, relative), 'utf8');
const findingsIn = async (relative: string) => (JSON.parse(await read(relative)) as { findings: Finding[] }).findings;

describe('falcon scan --graphql', () => {
  it('finds each planted defect with its evidence and a curl that shows it again, in every report', async () => {
    const planted = await bookshop();
    await sandbox.testApiAt(new URL(planted.endpoint).origin);
    const run = await falcon(['--graphql', planted.endpoint, ...TOKENS, ...FAST, '--json', 'scan.json', '--sarif', 'scan.sarif', '--report', 'scan.html']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/falcon: 2 findings at or above high/);
    const findings = await findingsIn('scan.json');
    expect(findings.map((finding) => [finding.rule, finding.severity, `${finding.method} ${finding.path}`, finding.title]).sort()).toEqual(
      [
        ['bola', 'high', 'query order', expect.stringMatching(/^Bob reads Alice's Order 101 with order\(id: "101"\), as does a caller with no credentials/)],
        ['graphql_field_suggestions', 'low', 'POST /graphql', expect.stringContaining('Did you mean "books" or "book"?')],
        ['graphql_introspection', 'info', 'POST /graphql', expect.stringMatching(/^Introspection is on/)],
        ['resource_limits', 'medium', 'POST /graphql', expect.stringMatching(/^10 operations batched in one request are all answered/)],
        ['resource_limits', 'medium', 'query me', expect.stringMatching(/^50 aliases of me/)],
        ['resource_limits', 'medium', 'query me', expect.stringMatching(/^A query 12 levels deep is answered in full/)],
        ['resource_limits', 'medium', 'query me', expect.stringMatching(/^A query asking for me 100 times/)],
        ['sqli', 'high', 'query searchBooks', expect.stringMatching(/^A quote in the argument "title" of query searchBooks breaks the SQL query/)],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const finding of findings) {
      expect(finding.evidence.request, finding.title).toMatch(new RegExp(`^POST ${planted.endpoint}\\n`));
      expect(finding.curl, finding.title).toContain(`-X POST '${planted.endpoint}'`);
    }
    // The summary names each finding; no token is written in clear anywhere.
    expect(run.stdout).toMatch(/HIGH +bola +API1:2023 CWE-639 +query order — Bob reads Alice's Order 101/);
    const reports = await readdir(path.join(sandbox.project, '.falcon', 'reports'));
    const markdown = await read(
      path.join(
        '.falcon',
        'reports',
        reports.find((name) => name.endsWith('.md'))!,
      ),
    );
    const [html, sarif] = await Promise.all([read('scan.html'), read('scan.sarif')]);
    expect(markdown).toContain('query searchBooks');
    // The dashboard reads the report's JSON twin and draws its scan page, each GraphQL finding with its curl.
    const jsonName = reports.find((name) => name.endsWith('.json'))!;
    const jsonText = await read(path.join('.falcon', 'reports', jsonName));
    const face = faces.reports![0]!;
    const page = (await face.page(jsonName, await face.read(JSON.parse(jsonText), jsonText, jsonName))).main.join('\n');
    expect(page).toContain('query order');
    expect(page).toContain('Did you mean');
    expect(html).toContain('query order');
    expect(
      (JSON.parse(sarif) as { runs: { tool: { driver: { rules: { id: string }[] } } }[] }).runs[0]!.tool.driver.rules.map((rule) => rule.id).sort(),
    ).toEqual(['bola', 'graphql_field_suggestions', 'graphql_introspection', 'resource_limits', 'sqli']);
    for (const text of [run.stdout, run.stderr, markdown, html, sarif, await read('scan.json')]) {
      expect(text).not.toContain(ALICE.token);
      expect(text).not.toContain(BOB.token);
    }

    // Bob's curl, with his own token, brings back Alice's order; the injection's curl, the database's error.
    const bola = findings.find((finding) => finding.rule === 'bola')!;
    const asBob = await runBash(bola.curl, { TOKEN_OF_BOB: BOB.token });
    expect(asBob.stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(asBob.stdout).toContain('"note":"gift wrap"');
    const sqli = findings.find((finding) => finding.rule === 'sqli')!;
    const injected = await runBash(sqli.curl, { TOKEN_OF_ALICE: ALICE.token });
    expect(injected.stdout).toContain('SQLITE_ERROR');
    expect(planted.executed.at(-1)).toEqual({ caller: 'Alice', query: expect.stringContaining('searchBooks(title: $title)') });
  });

  it('finds none of them on the twin, scanned with its SDL file as it refuses introspection', async () => {
    const twin = await bookshop(true);
    const run = await falcon([
      '--graphql',
      twin.endpoint,
      '--graphql-schema',
      twin.sdlFile,
      ...TOKENS,
      ...FAST,
      '--json',
      'twin.json',
      '--sarif',
      'twin.sarif',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(await read('twin.json')) as { findings: Finding[]; checks: string[] };
    expect(report.findings).toEqual([]);
    expect(report.checks.sort()).toEqual(['bola', 'graphql_field_suggestions', 'graphql_introspection', 'resource_limits', 'sqli']);
    expect(JSON.parse(await read('twin.sarif'))).toMatchObject({ runs: [{ results: [] }] });
    expect(run.stdout).toMatch(/as Alice, Bob: 5 checks, \d+ requests\n.*\n {2}no findings\n/);
  });

  it('locates SARIF results in the schema file given with --graphql-schema', async () => {
    const planted = await bookshop();
    const run = await falcon(['--graphql', planted.endpoint, '--graphql-schema', planted.sdlFile, '--checks', 'graphql_introspection', '--sarif', 's.sarif']);
    expect(run.code, run.stderr).toBe(0);
    const sarif = JSON.parse(await read('s.sarif')) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
    expect(sarif.runs[0]!.results.map((result) => result.locations[0]!.physicalLocation.artifactLocation.uri)).toEqual([encodeURI(planted.sdlFile)]);
  });

  it("scans the project's GraphQL spec, ingested from the endpoint, with no --graphql", async () => {
    const planted = await bookshop();
    await sandbox.testApiAt(new URL(planted.endpoint).origin);
    const ingest = await runFalcon(['spec', 'ingest', planted.endpoint], { cwd: sandbox.project, env: sandbox.env() });
    expect(ingest.code, ingest.stderr).toBe(0);
    const run = await falcon([...TOKENS, ...FAST, '--checks', 'bola,sqli,trace', '--json', 'ingested.json']);
    expect(run.stdout).toMatch(new RegExp(`^Scanned GraphQL API at ${planted.endpoint} as Alice, Bob: 2 checks`));
    expect(run.stdout).toContain('note: trace: it has no probes for a GraphQL endpoint');
    expect((await findingsIn('ingested.json')).map((finding) => `${finding.rule} ${finding.method} ${finding.path}`)).toEqual([
      'bola query order',
      'sqli query searchBooks',
    ]);
  });

  it('asks for the schema file when the endpoint refuses introspection and none is given', async () => {
    const twin = await bookshop(true);
    const run = await falcon(['--graphql', twin.endpoint, ...TOKENS]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/did not answer GraphQL introspection .*--graphql-schema FILE/);
  });
});
