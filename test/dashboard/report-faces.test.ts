import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSections, renderPage } from '../../src/dashboard/pages/page-layout.js';
import { overviewPage } from '../../src/dashboard/pages/overview-page.js';
import { reportListPage } from '../../src/dashboard/pages/report-list-page.js';
import { parseReport } from '../../src/dashboard/read/parse-report.js';
import { listProjectReports } from '../../src/dashboard/read/project-reports.js';
import { reportFaces } from '../../src/dashboard/read/report-faces.js';
import { routeRequest } from '../../src/dashboard/server/dashboard-routes.js';
import { writeProjectFlowReport } from '../../src/capabilities/flows/engine/report/write-flow-reports.js';
import { writeProjectPerfReport } from '../../src/engines/perf/report/write-perf-report.js';
import { writeProjectScanReport } from '../../src/capabilities/scan/engine/report/write-scan-report.js';
import { writeProjectProxyReport } from '../../src/capabilities/mock/engine/write-proxy-report.js';
import { writeRunReports } from '../../src/engines/testing/report/write-run-reports.js';
import { UnreadableReportError } from '../../src/kit/read-report.js';
import { defineReportFace, passedOr } from '../../src/kit/report-face.js';
import { checkoutRun } from '../capabilities/flows/engine/report/sample-flow-runs.js';
import { closedRun } from '../engines/perf/report/sample-perf-results.js';
import { scanResult } from '../capabilities/scan/engine/report/sample-scan-results.js';
import { notesProxyReport } from '../capabilities/mock/engine/sample-proxy-reports.js';
import { mixedRun } from '../engines/testing/report/sample-runs.js';

const faces = await reportFaces();
const NOW = new Date('2025-03-04T05:06:07.000Z');

let root: string;
/** The file name each engine's writer gave its report's JSON, by the kind of report. */
const written = new Map<string, string>();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-report-faces-'));
  await mkdir(path.join(root, '.falcon', 'reports'), { recursive: true });
  const projectRoot = root;
  const jsonOf = (markdown: string) => path.basename(markdown).replace(/\.md$/, '.json');
  written.set('test', path.basename((await writeRunReports(mixedRun(), { projectRoot, type: 'test', name: 'petstore', formats: ['json'], now: NOW }))[0]!));
  written.set('perf', jsonOf(await writeProjectPerfReport(closedRun(), { projectRoot, name: 'shop', now: NOW })));
  written.set('scan', jsonOf(await writeProjectScanReport(scanResult(), { projectRoot, name: 'shop', now: NOW })));
  written.set('flow', jsonOf(await writeProjectFlowReport(checkoutRun(), { projectRoot, name: 'checkout', now: NOW })));
  written.set('proxy', jsonOf(await writeProjectProxyReport(notesProxyReport(), projectRoot)));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const route = async (pathname: string) => {
  const answer = await routeRequest(new URL(pathname, 'http://127.0.0.1:1'), root);
  if (answer.kind !== 'page') throw new Error(`${pathname} answered with a feed`);
  return answer.page;
};

describe('the report faces of the capabilities', () => {
  it('are the test, load, scan, flow and proxy reports, in that order, each with its own kind, path, section and name', () => {
    expect(faces.map((face) => face.kind)).toEqual(['test', 'perf', 'scan', 'flow', 'proxy']);
    for (const field of ['kind', 'path', 'section', 'noun', 'nav', 'order'] as const) {
      expect(new Set(faces.map((face) => face[field])).size, field).toBe(faces.length);
    }
    for (const face of faces) {
      expect(face.path).toMatch(/^\/[a-z-]+$/);
      expect(['/', '/sessions']).not.toContain(face.path);
      expect(['overview', 'sessions']).not.toContain(face.section);
    }
  });

  it('route a report each engine wrote to the page of the face that reads it, and list it under that face', async () => {
    expect([...written.keys()]).toEqual(faces.map((face) => face.kind));
    const { reports } = await listProjectReports(root);
    for (const face of faces) {
      const name = written.get(face.kind)!;
      const report = reports.find((candidate) => candidate.name === name);
      expect(report, name).toMatchObject({ readable: true, content: { kind: face.kind } });
      if (!report?.readable) continue;

      const shown = await route(`${face.path}/${encodeURIComponent(name)}`);
      expect(shown).toEqual(await face.page(name, report.content));
      expect(shown.section).toBe(face.section);
      expect(shown.title.startsWith(`${face.one}: `), shown.title).toBe(true);
      expect(shown.main[0]).toBe(`<p><a href="${face.path}">All ${face.title.toLowerCase()}</a></p>`);

      const list = await route(face.path);
      expect(list.title).toBe(face.title);
      const links = list.main.join('\n').match(/<th scope="row"><a href="[^"]+">/g);
      expect(links).toEqual([`<th scope="row"><a href="${face.path}/${encodeURIComponent(name)}">`]);
    }
  });

  it('give the navigation and the overview a section each, after the sessions, in their order', async () => {
    const html = renderPage(await route('/'), { sections: dashboardSections(faces), theme: 'dark', projectRoot: root, nonce: 'n' });
    const nav = /<nav aria-label="Dashboard sections">\n<ul>(.*)<\/ul>/.exec(html)![1]!;
    expect([...nav.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1])).toEqual(['/', '/sessions', '/tests', '/load', '/security', '/flows', '/proxy']);
    expect(nav).toContain('<a href="/security">Security</a>');
    const cards = [...html.matchAll(/<li><h2><a href="([^"]+)">([^<]+)<\/a><\/h2><p>([^<]+)<\/p>/g)].map((match) => `${match[1]} ${match[2]}: ${match[3]}`);
    expect(cards).toEqual([
      '/sessions Sessions: 0 sessions',
      '/tests Test runs: 1 report',
      '/load Load runs: 1 report',
      '/security Security scans: 1 report',
      '/flows Flow runs: 1 report',
      '/proxy Proxy reports: 1 report',
    ]);
  });

  it('let a kind no face claims through to no page, with the kinds Falcon writes named', async () => {
    await expect(parseReport('{"todo": true}', 'r.json', faces)).rejects.toThrow(
      new UnreadableReportError('JSON of no report Falcon writes (a test, load, scan, flow or proxy report)'),
    );
    expect((await route('/contracts')).status).toBe(404);
  });
});

describe('a report face the dashboard was not written for', () => {
  interface Contract {
    contract: { name: string; broken: string[] };
  }
  const contracts = defineReportFace<Contract>({
    kind: 'contract',
    noun: 'contract',
    section: 'contracts',
    nav: 'Contracts',
    path: '/contracts',
    title: 'Contract checks',
    one: 'Contract check',
    howToRun: '<code>falcon contract</code>',
    order: 25,
    recognise: (fields) => 'contract' in fields,
    read: (value) => {
      const { contract } = value as Partial<Contract>;
      if (!Array.isArray(contract?.broken))
        throw new UnreadableReportError('a contract report this version of Falcon cannot show: "contract.broken" is missing');
      return { contract };
    },
    page: async (_fileName, { contract }) => ({ title: `Contract check: ${contract.name}`, section: 'contracts', main: [] }),
    runTitle: ({ contract }) => contract.name,
    verdict: ({ contract }) => passedOr(contract.broken.length === 0, `${contract.broken.length} broken`),
    figures: ({ contract }) => `${contract.broken.length} broken`,
  });
  const withContracts = [...faces, contracts].sort((a, b) => a.order - b.order);

  it('is recognised, read, listed and given its section by what it declares', async () => {
    const content = await parseReport(JSON.stringify({ contract: { name: 'orders', broken: ['POST /orders'] } }), 'c.json', withContracts);
    expect(content).toEqual({ kind: 'contract', contract: { name: 'orders', broken: ['POST /orders'] } });
    await expect(parseReport('{"contract": {}}', 'c.json', withContracts)).rejects.toThrow(
      'a contract report this version of Falcon cannot show: "contract.broken" is missing',
    );
    await expect(parseReport('{"todo": true}', 'r.json', withContracts)).rejects.toThrow(
      'JSON of no report Falcon writes (a test, load, contract, scan, flow or proxy report)',
    );

    const reports = { reports: [{ name: 'c.json', modifiedAt: NOW, readable: true as const, content }], others: [] };
    expect(reportListPage(contracts, reports).main.join('\n')).toContain(
      '<a href="/contracts/c.json">orders</a></th><td><time datetime="2025-03-04T05:06:07.000Z">',
    );
    expect(overviewPage([], reports, withContracts).main.join('\n')).toContain('<li><h2><a href="/contracts">Contract checks</a></h2><p>1 report</p>');
    expect(dashboardSections(withContracts).map((section) => section.id)).toEqual([
      'overview',
      'sessions',
      'tests',
      'load',
      'contracts',
      'security',
      'flows',
      'proxy',
    ]);
  });
});
