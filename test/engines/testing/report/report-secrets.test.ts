import { describe, expect, it } from 'vitest';
import { type ReportFormat, REPORT_FORMATS } from '../../../../src/engines/testing/report/report-format.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import { BEARER_TOKEN, leakyRun, PASSWORD } from './sample-runs.js';

describe('secrets in reports', () => {
  it.each(REPORT_FORMATS as ReportFormat[])('a bearer token in a header and a password in a body never reach the %s report', (format) => {
    const report = renderReport(leakyRun(), format);
    for (const secret of [BEARER_TOKEN, ...BEARER_TOKEN.split('.'), PASSWORD]) expect(report).not.toContain(secret);
    expect(report).toContain('[masked]');
    // The evidence around the secrets stays: which request it was and what came back.
    expect(report).toContain('/login');
    expect(report).toContain('status 500 is not documented for login');
  });
});
