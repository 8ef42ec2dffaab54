// The HTML reports of falcon test, perf and scan, written by the built binary (npm run build first)
// and laid out by headless Chromium: one page width for all three.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_API_SPEC, type NotesApi, startNotesApi } from '../support/dashboard-sample/notes-api.js';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { ReportBrowser } from '../support/report-browser.js';
import { requireTool } from '../support/required-tools.js';

let sandbox: Sandbox;
let notes: NotesApi;
let browser: ReportBrowser;

describe('the HTML reports', requireTool('chromium'), () => {
  beforeAll(async () => {
    sandbox = await createSandbox();
    notes = await startNotesApi();
    browser = await ReportBrowser.launch();
    await sandbox.testApiAt(notes.url);
    await writeFile(path.join(sandbox.project, 'notes.json'), JSON.stringify(NOTES_API_SPEC));
    await mkdir(path.join(sandbox.project, 'out'));
    const falcon = async (args: string[]) => {
      const result = await runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });
      // 1: the planted defects and missing headers are found; the report is written either way.
      expect([0, 1], `${args.join(' ')}\n${result.stdout}${result.stderr}`).toContain(result.code);
    };
    await falcon(['test', '--spec', 'notes.json', '--strategies', 'happy', '--report', 'out/test.html']);
    await falcon(['perf', `${notes.url}/notes`, '-n', '20', '-c', '2', '--report', 'out/perf.html']);
    await falcon(['scan', '--spec', 'notes.json', '--base-url', notes.url, '--checks', 'security_headers', '--report', 'out/scan.html']);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await notes?.close();
    await sandbox?.cleanup();
  });

  it('share one page width, however wide the window', async () => {
    const widths: Record<string, number[]> = {};
    for (const kind of ['test', 'perf', 'scan']) {
      const { page } = await browser.open(await readFile(path.join(sandbox.project, 'out', `${kind}.html`), 'utf8'), kind);
      widths[kind] = [];
      for (const width of [1600, 900]) {
        await page.setViewportSize({ width, height: 800 });
        widths[kind].push(await page.evaluate(() => Math.round(document.body.getBoundingClientRect().width)));
      }
      await page.close();
    }
    // 72rem, padding included, on a wide screen; the whole window on a narrower one.
    expect(widths).toEqual({ test: [1152, 900], perf: [1152, 900], scan: [1152, 900] });
  });
});
