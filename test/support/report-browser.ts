import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import which from 'which';

// What Debian's chromium needs to start headless in a container, and nothing that reaches out.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface OpenedReport {
  page: Page;
  /** The file:// URL of the report. */
  url: string;
  /** Every URL the page asked for, itself included. */
  requested: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Messages of any alert, confirm or prompt the page opened (dismissed). */
  dialogs: string[];
}

/** Headless Chromium from the system (`requireTool('chromium')`), as every browser test starts it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: which.sync('chromium'), args: CHROMIUM_ARGS });
}

/** Headless Chromium from the system (`requireTool('chromium')`) opening report files written to a temporary folder. */
export class ReportBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly folder: string,
  ) {}

  static async launch(): Promise<ReportBrowser> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'falcon-report-browser-'));
    return new ReportBrowser(await launchChromium(), folder);
  }

  /** Writes the page as `<name>.html` and opens it, recording what it requests and any error or dialog. */
  async open(html: string, name: string, colorScheme: 'light' | 'dark' = 'light'): Promise<OpenedReport> {
    const file = path.join(this.folder, `${name}.html`);
    await writeFile(file, html);
    const page = await this.browser.newPage({ colorScheme, viewport: { width: 1000, height: 800 } });
    const opened: OpenedReport = { page, url: pathToFileURL(file).href, requested: [], errors: [], dialogs: [] };
    page.on('request', (request) => opened.requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') opened.errors.push(message.text());
    });
    page.on('pageerror', (error) => opened.errors.push(error.message));
    page.on('dialog', (dialog) => {
      opened.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(opened.url, { waitUntil: 'load' });
    return opened;
  }

  async close(): Promise<void> {
    await this.browser.close();
    await rm(this.folder, { recursive: true, force: true });
  }
}
