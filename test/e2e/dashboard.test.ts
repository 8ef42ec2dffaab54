// `falcon ui` through the built binary (npm run build first; npm test does it), driven in headless
// Chromium against a project whose sessions and reports the binary's own runs wrote.
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildDashboardSample, type DashboardSample, SAMPLE_TOKEN } from '../support/dashboard-sample/build-dashboard-sample.js';
import { DASHBOARD_LINE, type FalconUi, startFalconUi } from '../support/dashboard-sample/falcon-ui.js';
import { startFakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, startFalcon } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';
import { launchChromium } from '../support/report-browser.js';
import { requireTool } from '../support/required-tools.js';

let sample: DashboardSample;
let ui: FalconUi;
let browser: Browser;
let context: BrowserContext;

describe('falcon ui', requireTool('chromium'), () => {
  beforeAll(async () => {
    sample = await buildDashboardSample();
    ui = await startFalconUi(['--port', '0'], { cwd: sample.sandbox.project, env: sample.env });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    // Signed in once, as a user who opened the printed address.
    const page = await context.newPage();
    await page.goto(ui.url);
    await page.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await ui?.stop();
    await sample?.close();
  });

  /** A page of the signed-in browser, with every URL it asked for. */
  async function open(pathname: string, pageContext = context): Promise<{ page: Page; requested: string[] }> {
    const page = await pageContext.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const response = await page.goto(`${ui.origin}${pathname}`);
    expect(response?.status()).toBe(200);
    return { page, requested };
  }

  const mainText = (page: Page) => page.locator('main').innerText();

  it('prints the address with its token, and serves only on 127.0.0.1', () => {
    expect(ui.stdout()).toMatch(DASHBOARD_LINE);
    expect(ui.token).toMatch(/^[\w-]{43}$/);
    expect(ui.stdout()).toContain('on 127.0.0.1 only; Ctrl-C stops it.');
  });

  it('refuses a request without the token, with a wrong one, and one addressed by another host name', async () => {
    expect(await get('/')).toMatchObject({ status: 401 });
    expect(await get('/sessions', { cookie: `falcon_ui_${ui.port}=not-the-token` })).toMatchObject({ status: 401 });
    const rebound = await get(`/?token=${ui.token}`, { host: `attacker.example:${ui.port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['set-cookie']).toBeUndefined();
    const refused = await get('/');
    expect(refused.body).toContain('Not signed in');
    expect(refused.body).not.toContain(path.basename(sample.sandbox.project));
  });

  it('keeps the token as an HttpOnly, SameSite=Strict cookie and shows the page without it in the address', async () => {
    const fresh = await browser.newContext();
    const page = await fresh.newPage();
    await page.goto(`${ui.origin}/flows?token=${ui.token}`);
    expect(page.url()).toBe(`${ui.origin}/flows`);
    expect(await page.locator('h1').innerText()).toBe('Flow runs');
    expect(await fresh.cookies()).toEqual([expect.objectContaining({ name: `falcon_ui_${ui.port}`, value: ui.token, httpOnly: true, sameSite: 'Strict' })]);
    await fresh.close();
  });

  it('gives an overview of every section and says why a file of .falcon/reports/ is not shown', async () => {
    const { page } = await open('/');
    const text = await mainText(page);
    expect(text).toContain('2 sessions');
    expect(text).toMatch(/Test runs\s+1 report/);
    expect(text).toMatch(/Load runs\s+2 reports/);
    expect(text).toMatch(/Security scans\s+1 report/);
    expect(text).toMatch(/Flow runs\s+1 report/);
    expect(text).toMatch(/half-copied\.json\s+not JSON \(/);
    expect(text).toMatch(/notes-todo\.json\s+JSON of no report Falcon writes/);
    expect(text).not.toMatch(/_report_.*\.md/);
  });

  it('shows a session: what was asked, thoughts, tool calls with their observations, the diff approved, the answer — the secret masked', async () => {
    const { page } = await open('/sessions');
    await page
      .getByRole('link', { name: /^\d{8}-\d{6}-[0-9a-f]{6}$/ })
      .last()
      .click();
    const transcript = page.locator('#transcript');
    await expect.poll(() => transcript.innerText()).toContain('Why does GET /notes/0 answer 500? Fix it.');
    const text = await transcript.innerText();
    expect(text).toMatch(/Thought\s+first see what the API answers for note 0\./);
    expect(text).toContain('Tool call: http_request');
    // The facts its tool gave of the result, then the observation.
    expect(text).toMatch(
      /✓ Result of http_request \((?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\)\n+500 Internal Server Error · (?:\d+ ms|[\d.]+ s) · \d+ B json\n+HTTP 500 Internal Server Error/,
    );
    expect(text).toContain('Asked to approve: change src/notes.js');
    // The diff approved, in the transcript (the session's checkpoints below it show the same change).
    expect(await page.locator('#transcript .diff .removed').innerText()).toBe('-  return { text: notes[id].text };');
    expect(await page.locator('#transcript .diff .added').allInnerTexts()).toContain('+  if (!note) return undefined;');
    expect(text).toContain('✓ Approved');
    expect(text).toContain('GET /notes/0 failed with a 500');
    expect(await page.locator('.entry-answer strong').innerText()).toBe('500');
    expect(text).toContain('"authorization": "[masked]"');
    expect(await page.content()).not.toContain(SAMPLE_TOKEN);
  });

  it('renders an answer as Markdown, its HTML shown as text, its only links http(s) and opening apart', async () => {
    const { page } = await open('/sessions');
    const dialogs: string[] = [];
    await page
      .getByRole('link', { name: /^\d{8}-\d{6}-[0-9a-f]{6}$/ })
      .first()
      .click();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const answer = page.locator('#transcript .entry-answer');
    await expect.poll(() => answer.count()).toBe(1);
    expect(await answer.locator('strong').innerText()).toBe('three');
    expect(await answer.locator('ol > li').allInnerTexts()).toEqual(['GET /notes', 'POST /notes', 'GET /notes/{id}']);
    expect(await answer.getByRole('table').getByRole('row').nth(1).innerText()).toMatch(/^GET \/notes\/0\s+500$/);
    const links = answer.locator('a');
    expect(await links.count()).toBe(1);
    expect(await links.getAttribute('href')).toBe('https://spec.example/notes');
    expect(await links.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await links.innerText()).toBe('the notes spec');
    const text = await answer.innerText();
    expect(text).toContain("<script>alert('script')</script>");
    expect(text).toContain('<img src=x onerror="alert(\'image\')">');
    expect(text).toMatch(/or this page\.\s/);
    expect(await page.locator('main script, main img, main [onerror]').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('#live-status').innerText()).toMatch(/last run has ended/);
    expect(dialogs).toEqual([]);
  });

  it('shows a finished session as ended, never as live', async () => {
    const { page } = await open('/sessions');
    await page
      .getByRole('link', { name: /^\d{8}-\d{6}-[0-9a-f]{6}$/ })
      .last()
      .click();
    const status = page.locator('#live-status');
    await expect.poll(() => status.innerText()).toBe('The session’s last run has ended. If the session goes on, its new entries appear below.');
    expect(await page.locator('main').innerText()).not.toMatch(/\bLive\b/);
  });

  it('shows a spec test run: failing operations first, cells naming only failures, every failure with its request, response and curl line', async () => {
    const { page } = await open('/tests');
    await page.getByRole('link', { name: 'Notes API 1.0.0' }).click();
    expect(await page.locator('h1').innerText()).toBe('Test run: Notes API 1.0.0');
    const matrix = page.getByRole('table', { name: /operations against/ });
    const getNote = matrix.getByRole('row', { name: /getNote/ });
    expect(await getNote.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['✗ 1', '·']));
    const createNote = await matrix.getByRole('row', { name: /createNote/ }).innerText();
    expect(createNote).toMatch(/✗ \d/);
    const checkCells = await matrix
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td.matrix-mark')].map((cell) => (cell as HTMLElement).innerText)));
    for (const cells of checkCells) for (const cell of cells) expect(cell).toMatch(/^(✗ \d+|·|–)$/);
    const failing = checkCells.map((cells) => cells.some((cell) => cell.startsWith('✗')));
    expect(failing).toContain(false);
    expect(failing).toEqual([...failing].sort((a, b) => Number(b) - Number(a)));
    const failure = page.locator('article.failure', { hasText: 'not_a_server_error' }).first();
    const failureText = await failure.innerText();
    expect(failureText).toMatch(/Request\nGET http:\/\/127\.0\.0\.1:\d+\/notes\/\S+/);
    expect(failureText).toMatch(/Response: 500 Internal Server Error in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\nHTTP 500 Internal Server Error/);
    expect(failureText).toMatch(/Reproduce\ncurl .*\/notes\//);
  });

  it('never breaks a check’s name in the matrix, however narrow the window', async () => {
    for (const width of [1100, 420]) {
      const narrow = await browser.newContext({ viewport: { width, height: 900 } });
      await (await narrow.newPage()).goto(ui.url);
      const { page } = await open('/tests', narrow);
      await page.getByRole('link', { name: 'Notes API 1.0.0' }).click();
      const headers = page.locator('table.matrix th.check');
      expect(await headers.count()).toBeGreaterThan(3);
      // One rectangle per line the name's text takes.
      const lines = await headers.evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell.querySelector('code')!.firstChild!);
          return { name: cell.textContent, lines: range.getClientRects().length };
        }),
      );
      for (const header of lines) expect(header, `${header.name} at ${width} px`).toEqual({ name: header.name, lines: 1 });
      await narrow.close();
    }
  });

  it('shows a load run: the latency histogram, req/s and p95 over time as SVG charts with their names, and the thresholds', async () => {
    const { page } = await open('/load');
    await expect.poll(() => page.getByRole('link', { name: /\/notes$/ }).count()).toBe(2);
    await page
      .getByRole('link', { name: /\/notes$/ })
      .first()
      .click();
    for (const name of ['Latency histogram', 'Requests per second over time', 'p95 latency over time']) {
      await expect.poll(() => page.getByRole('img', { name }).count()).toBe(1);
    }
    expect(await page.locator('svg#latency-histogram rect.bar').count()).toBeGreaterThan(0);
    expect(await page.locator('svg#rps-over-time desc').textContent()).toMatch(/Requests per second for each of \d+ seconds/);
    const thresholds = await page.getByRole('table', { name: /Each threshold/ }).innerText();
    expect(thresholds).toMatch(/error_rate<0\.01\s+✓ pass/);
    expect(thresholds).toMatch(/rps>1000\s+✗ fail/);
  });

  it('shows a security scan: severity, OWASP id, evidence and remediation of each finding', async () => {
    const { page } = await open('/security');
    await page
      .getByRole('link', { name: /account\.json|Account API/ })
      .first()
      .click();
    const finding = page.locator('article.finding', { hasText: 'GET /admin/users' });
    const text = await finding.innerText();
    expect(text).toMatch(/Severity\s+High/);
    expect(text).toContain('API5:2023 Broken Function Level Authorization');
    expect(text).toMatch(/Request\n[\s\S]*GET [\s\S]*\/admin\/users/);
    expect(text).toMatch(/Remediation\s+\S/);
    expect(await page.locator('main').innerText()).not.toMatch(/alice-secret-pass-1|alice-token-1x7q2/);
  });

  it('shows a flow run step by step, the failed step with what it expected and got', async () => {
    const { page } = await open('/flows');
    await page.getByRole('link', { name: 'notes' }).click();
    const steps = await page.getByRole('table', { name: /3 steps/ }).innerText();
    expect(steps).toMatch(/1\s+write a note\s+✓ passed\s+201/);
    expect(steps).toMatch(/3\s+read note 0\s+✗ failed\s+500/);
    const failed = await page.locator('article.failure').innerText();
    expect(failed).toMatch(/status\s+404\s+500 Internal Server Error/);
    expect(failed).toMatch(/Reproduce\ncurl /);
  });

  it('shows a report copied in from CI under any name, and says why a broken one cannot be shown', async () => {
    const { page } = await open('/load/ci-nightly-load.json');
    expect(await page.locator('h1').innerText()).toMatch(/^Load run: GET http:\/\/127\.0\.0\.1:\d+\/notes$/);
    const broken = await open('/tests/half-copied.json');
    expect(await mainText(broken.page)).toContain('No page can show this file of .falcon/reports/: not JSON (');
  });

  it('writes each report’s JSON twin as exactly what its --json or --report FILE.json wrote', async () => {
    const reports = path.join(sample.sandbox.project, '.falcon/reports');
    const names = await readdir(reports);
    for (const [kind, output] of Object.entries(sample.jsonOutputs)) {
      const markdown = names.find((name) => name.startsWith(`${kind}_report_`) && name.endsWith('.md'));
      expect(markdown, kind).toBeDefined();
      const twin = await readFile(path.join(reports, markdown!.replace(/\.md$/, '.json')), 'utf8');
      expect(twin, kind).toBe(await readFile(path.join(sample.sandbox.project, output), 'utf8'));
    }
  });

  it('works with JavaScript off and asks for nothing but its own pages', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await (await noScript.newPage()).goto(ui.url);
    for (const pathname of ['/', '/sessions', '/tests', '/load', '/security', '/flows']) {
      const { page, requested } = await open(pathname, noScript);
      expect(await page.locator('h1').count()).toBe(1);
      expect(requested.every((url) => url.startsWith(ui.origin))).toBe(true);
    }
    await noScript.close();
  });

  it('is reachable by keyboard: a skip link first, then every section, each link with a visible focus ring', async () => {
    const { page } = await open('/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the content');
    const reached: string[] = [];
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      reached.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    }
    expect(reached).toEqual(['Overview', 'Sessions', 'Test runs', 'Load runs', 'Security', 'Flows']);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${ui.origin}/flows`);
  });

  it('follows the theme of the global config; auto is the browser’s preference', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const themed = await browser.newContext({ colorScheme });
      await (await themed.newPage()).goto(ui.url);
      const { page } = await open('/', themed);
      expect(await page.locator('html').getAttribute('data-theme')).toBe('auto');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        colorScheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(18, 20, 23)',
      );
      await themed.close();
    }
  });

  it('adds what a running session writes to the open page, without reloading it', async () => {
    const sessions = path.join(sample.sandbox.project, '.falcon/sessions');
    const before = new Set(await readdir(sessions));
    sample.models.script([
      `Thought: the slow endpoint.\nACTION: http_request({"method": "GET", "url": "${sample.notes.url}/slow"})`,
      'Final Answer: The slow endpoint answered **done**.',
    ]);
    const run = startFalcon(['-p', 'How does /slow answer?'], { cwd: sample.sandbox.project, env: sample.env });
    run.child.stdin!.end();
    onTestFinished(() => {
      sample.notes.release();
      run.child.kill();
    });
    // The session is held inside its tool call until the page is open.
    await Promise.race([
      sample.notes.slowRequestArrived,
      run.result.then((ended) => Promise.reject(new Error(`falcon -p ended (${ended.code}) before its tool call:\n${ended.stdout}${ended.stderr}`))),
    ]);
    const id = (await readdir(sessions)).find((name) => !before.has(name))!.replace(/\.jsonl$/, '');
    const { page } = await open(`/sessions/${id}`);
    const transcript = page.locator('#transcript');
    expect(await transcript.innerText()).toContain('Tool call: http_request');
    expect(await transcript.innerText()).not.toContain('The slow endpoint answered');
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
    await expect.poll(() => page.locator('#live-status').innerText()).toMatch(/^Live:/);
    sample.notes.release();
    await expect.poll(() => transcript.locator('.entry-answer').innerText()).toContain('The slow endpoint answered done.');
    expect(await transcript.locator('.entry-answer strong').innerText()).toBe('done');
    expect(await transcript.innerText()).toMatch(
      /✓ Result of http_request \([\d.]+ m?s\)\n+200 OK · [\d.]+ m?s · (?:\d+ B|[\d.]+ KB|empty)(?: \w+)?\n+HTTP 200 OK/,
    );
    await expect.poll(() => page.locator('#live-status').innerText()).toMatch(/^The session’s last run has ended\./);
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
    expect((await run.result).code).toBe(0);
  });

  it('opens the browser with --open, and still serves when there is none to open', async () => {
    const bin = path.join(sample.sandbox.home, 'bin');
    await mkdir(bin, { recursive: true });
    const opened = path.join(sample.sandbox.home, 'opened.txt');
    await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
    await chmod(path.join(bin, 'xdg-open'), 0o755);
    const withOpener = await startFalconUi(['--open'], { cwd: sample.sandbox.project, env: { ...sample.env, PATH: `${bin}:${sample.env.PATH}` } });
    onTestFinished(() => void withOpener.stop());
    await expect.poll(() => readFile(opened, 'utf8').catch(() => '')).toBe(withOpener.url);
    expect((await withOpener.stop()).code).toBe(0);
    const nothing = path.join(sample.sandbox.home, 'no-programs');
    await mkdir(nothing);
    const withoutOpener = await startFalconUi(['--open'], { cwd: sample.sandbox.project, env: { ...sample.env, PATH: nothing } });
    onTestFinished(() => void withoutOpener.stop());
    await expect.poll(() => withoutOpener.stderr()).toMatch(/could not open a browser \(xdg-open is not installed\); open the address above/);
    expect(await get('/', {}, withoutOpener)).toMatchObject({ status: 401 });
    expect((await withoutOpener.stop()).code).toBe(0);
  });
});

describe('web_ui: {enabled: true} in the global config', () => {
  it('serves the dashboard beside the interactive session and prints its address once', async () => {
    const models = await startFakeModelServer();
    onTestFinished(() => models.close());
    const sandbox = await createSandbox();
    try {
      await mkdir(path.join(sandbox.project, '.falcon'));
      await sandbox.writeConfig({
        default_provider: 'openai',
        providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
        web_ui: { enabled: true, port: 0 },
        theme: 'light',
      });
      const session = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env() });
      try {
        await session.waitForText('Ask about your API');
        const [, url, , token] = DASHBOARD_LINE.exec(session.output().replace(/\r/g, '')) ?? [];
        expect(token).toBeDefined();
        expect(session.output().match(/Falcon dashboard: /g)).toHaveLength(1);
        const signedIn = await get(url!.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''), {}, { origin: new URL(url!).origin, port: Number(new URL(url!).port) });
        expect(signedIn.status).toBe(303);
        const cookie = signedIn.headers['set-cookie']![0]!.split(';')[0]!;
        const overview = await get('/', { cookie }, { origin: new URL(url!).origin, port: Number(new URL(url!).port) });
        expect(overview.body).toContain('<html lang="en" data-theme="light">');
      } finally {
        session.kill();
        await session.exited;
      }
    } finally {
      await sandbox.cleanup();
    }
  });
});

/** A GET with the headers given (Host included, which fetch would not let a test set). */
function get(
  pathname: string,
  headers: Record<string, string> = {},
  target: { origin: string; port: number } = ui,
): Promise<{ status: number; headers: Record<string, string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${target.origin}${pathname}`, { headers: { host: `127.0.0.1:${target.port}`, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const setCookie = response.headers['set-cookie'];
        resolve({ status: response.statusCode ?? 0, headers: { 'set-cookie': setCookie }, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}
