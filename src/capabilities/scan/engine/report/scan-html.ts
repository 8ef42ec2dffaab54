import { htmlPage, htmlSection } from '../../../../engines/perf/report/html-page.js';
import { htmlTable } from '../../../../engines/perf/report/html-table.js';
import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../../../engines/testing/report/markup-escape.js';
import type { Finding } from '../finding.js';
import type { ScanResult } from '../run-scan.js';
import { findingsBySeverity, MOST_SEVERE_FIRST, severityLabel, tallySeverities } from './findings-by-severity.js';
import {
  CHECK_HEADINGS,
  checkRows,
  identitiesText,
  INTERRUPTED_NOTE,
  NO_FINDINGS,
  NO_NOTES,
  operationText,
  requestsText,
  scanTitle,
} from './scan-report-parts.js';
import { SCAN_HTML_STYLE } from './scan-html-style.js';
import { cweReference, owaspReference, type Reference } from './security-references.js';
import { LEGEND_INTRO, NO_RESIDUE, reproductionText } from './replay-legend-text.js';
import { residueLines } from '../residue/residue.js';

/**
 * One self-contained page (inline style, no script, nothing fetched): the tally by severity, each
 * finding with its evidence, curl line and remediation, then the checks and what they could not check.
 * Evidence is the API's own output, so every text is escaped.
 */
export function scanHtml(result: ScanResult, finishedAt = new Date()): string {
  return htmlPage({
    title: scanTitle(result),
    style: SCAN_HTML_STYLE,
    finishedAt,
    facts: [requestsText(result), `${result.checks.length} checks`],
    main: scanHtmlSections(result),
  });
}

/** The page's content under its header, section by section: the dashboard (src/dashboard/) shows a scan with it too. */
export function scanHtmlSections(result: ScanResult): string[] {
  return [
    ...(result.interrupted ? [`<p class="note" role="note"><strong>Interrupted:</strong> ${text(INTERRUPTED_NOTE)}</p>`] : []),
    ...summarySection(result),
    ...findingsSection(result),
    ...legendSection(result),
    ...residueSection(result),
    ...checksSection(result),
    ...notesSection(result),
  ];
}

function summarySection(result: ScanResult): string[] {
  const facts: Array<[string, string]> = [
    ['Target', `<code>${text(result.target)}</code>`],
    ['Spec', text(result.spec)],
    ['Acting as', text(identitiesText(result))],
    ['Sent', text(requestsText(result))],
  ];
  const tally = tallySeverities(result.findings);
  const rows = MOST_SEVERE_FIRST.map((severity) => [{ text: severityLabel(severity), className: `severity ${severity}` }, String(tally[severity])]);
  return htmlSection('summary', 'Summary', [
    `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`,
    htmlTable({ caption: 'Findings by severity', headings: ['Severity', 'Findings'], rows, numeric: [1] }),
  ]);
}

function findingsSection(result: ScanResult): string[] {
  const groups = findingsBySeverity(result.findings);
  if (groups.length === 0) return htmlSection('findings', 'Findings', [`<p>${text(NO_FINDINGS)}</p>`]);
  let number = 0;
  const content = groups.flatMap(([severity, findings]) => {
    const articles = findings.map((finding) => {
      number += 1;
      return findingArticle(finding, `finding-${number}`);
    });
    return htmlSection(`findings-${severity}`, `${severityLabel(severity)} (${findings.length})`, articles, 3);
  });
  return htmlSection('findings', 'Findings', content);
}

function findingArticle(finding: Finding, id: string): string {
  const facts: Array<[string, string]> = [
    ['Severity', `<span class="severity">${text(severityLabel(finding.severity))}</span>`],
    ['Rule', `<code>${text(finding.rule)}</code>`],
    ['OWASP', link(owaspReference(finding.owasp))],
    ['CWE', link(cweReference(finding.cwe))],
    ['Operation', `<code>${text(operationText(finding))}</code>`],
  ];
  return [
    `<article class="finding ${attribute(finding.severity)}" aria-labelledby="${id}">`,
    `<h4 id="${id}">${text(finding.title)}</h4>`,
    `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`,
    '<h5>Request</h5>',
    `<pre>${text(finding.evidence.request)}</pre>`,
    '<h5>Response</h5>',
    `<pre>${text(finding.evidence.response)}</pre>`,
    '<h5>Reproduce</h5>',
    `<pre class="curl">${text(reproductionText(finding))}</pre>`,
    '<h5>Remediation</h5>',
    `<p>${text(finding.remediation)}</p>`,
    '</article>',
  ].join('\n');
}

function legendSection(result: ScanResult): string[] {
  if (result.variables.length === 0) return [];
  const items = result.variables.map(
    (variable) =>
      `<dt><code>$${text(variable.name)}</code></dt><dd>${text(variable.meaning)}${variable.set ? `<pre class="curl">${text(variable.set)}</pre>` : ''}</dd>`,
  );
  return htmlSection('variables', 'Variables the reproductions read', [`<p>${text(LEGEND_INTRO)}</p>`, `<dl class="facts">${items.join('')}</dl>`]);
}

function residueSection(result: ScanResult): string[] {
  const left = residueLines(result.residue);
  const content = left.length > 0 ? ['<ul>', ...left.map((line) => `<li>${text(line)}</li>`), '</ul>'] : [`<p>${text(NO_RESIDUE)}</p>`];
  return htmlSection('residue', 'Left on the API', content);
}

function checksSection(result: ScanResult): string[] {
  const rows = checkRows(result).map((row) => [row.rule, row.owasp, row.cwe, row.findings]);
  return htmlSection('checks', `Checks run (${result.checks.length})`, [
    htmlTable({ caption: 'Each check that ran, what it belongs to, and its findings', headings: CHECK_HEADINGS, rows, numeric: [3] }),
  ]);
}

function notesSection(result: ScanResult): string[] {
  const content = result.notes.length > 0 ? ['<ul>', ...result.notes.map((note) => `<li>${text(note)}</li>`), '</ul>'] : [`<p>${text(NO_NOTES)}</p>`];
  return htmlSection('notes', 'Not checked', content);
}

function link({ name, url }: Reference): string {
  return url ? `<a href="${attribute(url)}">${text(name)}</a>` : text(name);
}
