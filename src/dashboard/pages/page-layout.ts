import type { ThemeName } from '../../config/types.js';
import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { Page } from '../../kit/page.js';
import type { AnyReportFace } from '../../kit/report-face.js';
import { DASHBOARD_STYLE } from './dashboard-style.js';

/** An entry of the navigation. */
export interface Section {
  id: string;
  path: string;
  label: string;
}

/** The dashboard's sections in the order the navigation lists them: the overview, the sessions, then a section per report face. */
export function dashboardSections(faces: readonly AnyReportFace[]): Section[] {
  return [
    { id: 'overview', path: '/', label: 'Overview' },
    { id: 'sessions', path: '/sessions', label: 'Sessions' },
    ...faces.map((face) => ({ id: face.section, path: face.path, label: face.nav })),
  ];
}

export interface PageFrame {
  /** The navigation's entries (dashboardSections). */
  sections: readonly Section[];
  theme: ThemeName;
  /** The project's folder, shown in the header and footer. */
  projectRoot: string;
  /** The nonce the response's Content-Security-Policy allows this page's style and script by. */
  nonce: string;
}

/**
 * The whole document: a skip link, the header with the navigation, the main content and a footer
 * (all landmarks), one inline style sheet and at most one inline script, both allowed by nonce.
 */
export function renderPage(page: Page, frame: PageFrame): string {
  const nonce = attribute(frame.nonce);
  const projectName = frame.projectRoot.split(/[\\/]/).filter(Boolean).at(-1) ?? frame.projectRoot;
  return [
    '<!DOCTYPE html>',
    `<html lang="en" data-theme="${attribute(frame.theme)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(page.title)} · Falcon dashboard</title>`,
    // No icon to fetch: the browser would ask for /favicon.ico otherwise.
    '<link rel="icon" href="data:,">',
    `<style nonce="${nonce}">${DASHBOARD_STYLE}</style>`,
    '</head>',
    '<body>',
    '<a class="skip" href="#main">Skip to the content</a>',
    '<header class="site">',
    `<p class="brand">Falcon dashboard <span>· ${text(projectName)}</span></p>`,
    '<nav aria-label="Dashboard sections">',
    `<ul>${frame.sections.map((section) => `<li><a href="${attribute(section.path)}"${section.id === page.section ? ' aria-current="page"' : ''}>${text(section.label)}</a></li>`).join('')}</ul>`,
    '</nav>',
    '</header>',
    '<main id="main" tabindex="-1">',
    `<h1>${text(page.title)}</h1>`,
    ...page.main,
    '</main>',
    '<footer>',
    `<p>Read from <code>${text(frame.projectRoot)}</code>: <code>.falcon/sessions/</code> and <code>.falcon/reports/</code>. Served on this machine only (127.0.0.1).</p>`,
    '</footer>',
    ...(page.script ? [`<script nonce="${nonce}">${page.script}</script>`] : []),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
