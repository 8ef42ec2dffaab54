import { describe, expect, it } from 'vitest';
import { parseReport } from '../../../src/dashboard/read/parse-report.js';
import { reportFaces } from '../../../src/dashboard/read/report-faces.js';
import { scanJson } from '../../../src/capabilities/scan/engine/report/scan-json.js';
import { jsonReport } from '../../../src/engines/testing/report/json-report.js';
import { checkoutRun } from '../../capabilities/flows/engine/report/sample-flow-runs.js';
import { closedRun } from '../../engines/perf/report/sample-perf-results.js';
import { scanResult } from '../../capabilities/scan/engine/report/sample-scan-results.js';
import { mixedRun } from '../../engines/testing/report/sample-runs.js';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const faces = await reportFaces();

describe('parseReport', () => {
  it('tells each report by its fields and reads what its --json wrote', async () => {
    expect(await parseReport(jsonReport(mixedRun()), 'r.json', faces)).toMatchObject({ kind: 'test', run: { title: 'Petstore 1.0.0' } });
    expect(await parseReport(json(closedRun()), 'r.json', faces)).toEqual({ kind: 'perf', result: closedRun() });
    expect(await parseReport(json(scanJson(scanResult())), 'r.json', faces)).toMatchObject({
      kind: 'scan',
      result: { target: scanResult().target, findings: scanResult().findings },
    });
    expect(await parseReport(json(checkoutRun()), 'r.json', faces)).toEqual({ kind: 'flow', run: checkoutRun() });
  });

  it('reads a load report of an older Falcon without `late`', async () => {
    const { requests, ...rest } = closedRun();
    const { late: _late, ...older } = requests;
    expect(await parseReport(json({ ...rest, requests: older }), 'r.json', faces)).toMatchObject({ kind: 'perf', result: { requests: { late: 0 } } });
  });

  it('says what is wrong with anything else, naming the field', async () => {
    const problem = async (text: string) => {
      try {
        await parseReport(text, 'r.json', faces);
        return 'read';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(await problem('{"format": "falcon-test-report/1", "title": ')).toMatch(/^not JSON \(/);
    expect(await problem('[1, 2]')).toBe('not a JSON object, so no Falcon report');
    expect(await problem('{"todo": true}')).toBe('JSON of no report Falcon writes (a test, load, scan, flow or proxy report)');
    expect(await problem(json({ ...closedRun(), timeline: [{ t: 1, rps: 'fast', p95: 1, errors: 0 }] }))).toMatch(
      /^a load report this version of Falcon cannot show: "timeline\[0\]\.rps": /,
    );
    expect(await problem(json({ ...scanJson(scanResult()), checks: ['bola', 'teleport'] }))).toMatch(
      /^a scan report this version of Falcon cannot show: "checks\[1\]"/,
    );
    expect(await problem(json({ ...checkoutRun(), steps: [{ name: 'x' }] }))).toMatch(/^a flow report this version of Falcon cannot show: "steps\[0\]\.index"/);
    expect(await problem('{"format": "falcon-test-report/9"}')).toMatch(/format falcon-test-report\/9, which this version of Falcon does not read/);
  });
});
