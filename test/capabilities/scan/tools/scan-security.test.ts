import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RULE_NAMES } from '../../../../src/capabilities/scan/engine/checks/all-checks.js';
import { DEFAULT_SCAN_RATE } from '../../../../src/capabilities/scan/engine/run-scan.js';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import { scanSecurityTool } from '../../../../src/capabilities/scan/tools/scan-security.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { ACCOUNT_API_SPEC, ACCOUNT_LOGINS, type AccountData, type AccountFlaw, accountApi } from '../../../apis/account-api.js';
import { closeServer, listenOnLoopback } from '../../../apis/loopback-server.js';
import { useSkippingClock } from '../../../support/skipping-clock.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const ALICE_PASSWORD = 'alice-secret-pass-1';
/** Alice's password comes from the environment; bob's is given in clear. */
const USERS = ['alice:{{ALICE_PASSWORD}}', ACCOUNT_LOGINS.bob];
/** What the logins send and return: none may reach the model or a report in clear. */
const SECRETS = [ALICE_PASSWORD, 'bob-secret-pass-2', 'alice-token-1x7q2', 'bob-token-2x7q2'];

/**
 * The API takes as long to answer as the scan's rate spaces its requests, on the clock the scan
 * paces them by: the scan never waits for its next slot, and the test none of the seconds its
 * default rate would take.
 */
const clock = useSkippingClock();
const ANSWER_MS = 1000 / DEFAULT_SCAN_RATE;

let server: Server;
let serverUrl: string;
let data: AccountData;
let project: TempProject;
let ctx: ToolContext;
let progress: string[];

/** The account API with `flaws` as the dev environment's BASE_URL, its spec in the project as api.json. */
async function startAccountApi(flaws: AccountFlaw[]): Promise<void> {
  const api = accountApi(flaws);
  data = api.data;
  server = createServer((request, response) => void clock.sleep(ANSWER_MS).then(() => api.handler(request, response)));
  serverUrl = await listenOnLoopback(server);
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${serverUrl}\nALICE_PASSWORD: ${ALICE_PASSWORD}\n`);
}

beforeEach(async () => {
  project = await createTempProject();
  await project.write('api.json', JSON.stringify(ACCOUNT_API_SPEC));
  await startAccountApi([]);
  progress = [];
  ctx = { ...toolContext(project.root, new AbortController().signal, 'dev'), progress: (message) => progress.push(message) };
});
afterEach(async () => {
  if (server.listening) await closeServer(server);
  await project.remove();
});

type Args = z.input<typeof scanSecurityTool.schema>;
const parse = (args: unknown) => scanSecurityTool.schema.safeParse(args);
const run = (args: Args, context = ctx) => scanSecurityTool.run(scanSecurityTool.schema.parse(args), context);
const preview = (args: Args) => scanSecurityTool.preview!(scanSecurityTool.schema.parse(args), ctx);
/** The Markdown reports: each has a JSON twin beside it. */
const reports = () =>
  readdir(path.join(project.root, '.falcon', 'reports')).then(
    (names) => names.filter((name) => name.endsWith('.md')),
    () => [] as string[],
  );
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('scan_security', () => {
  it('is a deferred network tool with two calls a run', async () => {
    expect(scanSecurityTool).toMatchObject({ name: 'scan_security', kind: 'network', callLimit: 2 });
    expect((await loadDefaultTools()).find((tool) => tool.name === 'scan_security')?.deferred).toBe(true);
  });

  it('lists the findings by severity with their OWASP ids, says where the report is, and masks the secrets', async () => {
    await closeServer(server);
    await startAccountApi(['read-any-order', 'write-any-order', 'admin-users-open']);
    const observation = await run({ spec: 'api.json', users: USERS, checks: ['bola', 'bfla'] });
    const lines = observation.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Scanned Account API at ${serverUrl} as alice, bob: 2 checks, \\d+ requests$`));
    expect(lines[1]).toBe('  critical 1 · high 2 · medium 0 · low 0 · info 0');
    expect(lines.slice(2, 5)).toEqual([
      expect.stringMatching(/^ {2}CRITICAL bola {2}API1:2023 CWE-639 {2}PATCH \/orders\/\{orderId\} — bob writes orderId=\d, .+/),
      expect.stringMatching(/^ {2}HIGH {5}bola {2}API1:2023 CWE-639 {2}GET \/orders\/\{orderId\} — .+/),
      expect.stringMatching(/^ {2}HIGH {5}bfla {2}API5:2023 CWE-285 {2}GET \/admin\/users — .+/),
    ]);
    const [report] = await reports();
    expect(report).toMatch(/^scan_report_account-api_\d{8}-\d{6}\.md$/);
    expect(lines.at(-1)).toBe(`Report: .falcon/reports/${report} (each finding with its evidence, curl line and remediation)`);
    expect(progress).toEqual(['check 1 of 2: bola', 'check 2 of 2: bfla']);
    const markdown = await readFile(path.join(project.root, '.falcon', 'reports', report!), 'utf8');
    expect(markdown).toContain('[masked');
    for (const text of [observation, markdown]) for (const secret of SECRETS) expect(text).not.toContain(secret);
    // The tokens the logins returned are the session's secrets now: whatever the model is shown later is masked too.
    expect(ctx.secrets.maskValues('alice-token-1x7q2 bob-token-2x7q2')).not.toMatch(/token-\dx7q2/);
    expect(data.requests.filter((request) => request.startsWith('DELETE'))).toEqual([]);
  });

  it('says "no findings" on the protected API', async () => {
    const observation = await run({ spec: 'api.json', users: USERS, checks: ['bola', 'bfla'] });
    expect(observation.split('\n').slice(1, 3)).toEqual(['  critical 0 · high 0 · medium 0 · low 0 · info 0', '  no findings']);
  });

  it('stops when the session cancels, saying which checks did not run', async () => {
    const controller = new AbortController();
    const observation = await run(
      { spec: 'api.json', users: USERS, checks: ['bola', 'bfla'] },
      { ...ctx, signal: controller.signal, progress: (message) => message.startsWith('check 2 ') && controller.abort() },
    );
    expect(observation.split('\n')[0]).toMatch(/ \(interrupted\)$/);
    expect(observation).toContain('Stopped after 1 check (cancelled): the checks after it did not run.');
  });

  it('fails with a clear error, and sends nothing, when the target cannot be reached', async () => {
    await closeServer(server);
    const error = await failureOf(run({ spec: 'api.json', users: USERS }));
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toMatch(new RegExp(`^cannot reach ${serverUrl}: connection refused.* — nothing was sent\\.$`));
  });

  it('passes on what the user must fix as its message: a login that fails, no spec', async () => {
    const login = await failureOf(run({ spec: 'api.json', users: ['alice:not-her-password'] }));
    expect((login as Error).message).toMatch(/^could not log in as alice with POST \/auth\/login: HTTP 401/);
    expect((login as Error).message).not.toContain('not-her-password');
    const noSpec = await failureOf(run({ users: USERS }));
    expect((noSpec as Error).message).toMatch(/^no spec: \.falcon\/spec\.yaml is missing/);
  });
});

describe('scan_security arguments', () => {
  it('takes users and tokens as "name:secret" strings, the secret may hold colons', () => {
    expect(parse({ users: ['alice:pa:ss', 'bob:{{env:BOB_PW}}'], tokens: ['ci:eyJ.a.b'], checks: ['bola', 'cors'], allow_destructive: false }).success).toBe(
      true,
    );
    for (const users of [['alice'], ['alice:'], [':secret'], ['al ice:secret'], 'alice:secret'])
      expect(parse({ users }).success, JSON.stringify(users)).toBe(false);
    expect(parse({ tokens: ['token-only'] }).success).toBe(false);
  });

  it('refuses an unknown check, an empty list of checks and an unknown argument', () => {
    const unknown = parse({ checks: ['bola', 'nope'] });
    expect(unknown.success).toBe(false);
    expect(JSON.stringify(unknown.error?.issues)).toContain('path_traversal');
    expect(parse({ checks: [] }).success).toBe(false);
    expect(parse({ rate: 100 }).success).toBe(false);
    expect(parse({ checks: [...RULE_NAMES] }).success).toBe(true);
  });
});

describe('scan_security preview', () => {
  it('always asks, naming the target, the checks, who it acts as and that nothing of others changes', async () => {
    const shown = await preview({ spec: 'api.json', users: USERS });
    expect(shown).toEqual({
      kind: 'info',
      title: `security scan of ${serverUrl} (BASE_URL of the "dev" environment): ${RULE_NAMES.length} checks as alice, bob`,
      details: [
        `Checks: ${RULE_NAMES.join(', ')}.`,
        'As: alice, bob.',
        'At most 3000 requests, 20 a second, short bursts aside.',
        "Not destructive: no DELETE, and only the scanning users' own objects change (restored when possible).",
        'Approve only if you may scan this server.',
      ].join('\n'),
    });
    expect(data.requests).toEqual([]);
  });

  it('says when the scan may destroy data, and names a target at another origin than BASE_URL', async () => {
    const other = serverUrl.replace('127.0.0.1', 'localhost');
    const shown = await preview({
      base_url: other,
      users: [ACCOUNT_LOGINS.alice],
      tokens: ['ci-bot:tok-1f2e3d4c5b6a'],
      checks: ['bola', 'bfla'],
      allow_destructive: true,
    });
    expect(shown).toMatchObject({ kind: 'info', title: `security scan of ${other}: 2 checks as alice, ci-bot` });
    expect(shown?.kind === 'info' && shown.details.split('\n')).toEqual([
      'Checks: bola, bfla.',
      'As: alice, ci-bot.',
      'At most 3000 requests, 20 a second, short bursts aside.',
      "Destructive: DELETE is allowed and data other than the scanning users' own may change.",
      `${other} is not the API under test (BASE_URL of the "dev" environment is ${serverUrl}): approving names it as the scan's target.`,
      'Approve only if you may scan this server.',
    ]);
    expect(JSON.stringify(shown)).not.toContain('alice-secret-pass-1');
    expect(JSON.stringify(shown)).not.toContain('tok-1f2e3d4c5b6a');
  });

  it('names no other origin for {{BASE_URL}} itself, and says when no user is given', async () => {
    const shown = await preview({ base_url: '{{BASE_URL}}', checks: ['cors'] });
    expect(shown).toMatchObject({ kind: 'info', title: `security scan of ${serverUrl}: 1 check` });
    expect(shown?.kind === 'info' && shown.details).toContain('As: no user (only the checks that need none can prove anything).');
    expect(shown?.kind === 'info' && shown.details).not.toContain('is not the API under test');
  });

  it('names the GraphQL endpoint as the target, and only the checks that have GraphQL probes', async () => {
    const shown = await preview({ graphql: '{{BASE_URL}}/graphql', tokens: ['alice:tok-1f2e3d4c5b6a'] });
    expect(shown).toMatchObject({ kind: 'info', title: `security scan of ${serverUrl}/graphql: 5 checks as alice` });
    expect(shown?.kind === 'info' && shown.details).toContain('Checks: bola, resource_limits, graphql_introspection, graphql_field_suggestions, sqli.');
    expect(shown?.kind === 'info' && shown.details).not.toContain('is not the API under test');
  });
});
