import type { FlowRun } from '../../engines/flows/flow-run.js';
import type { PerfResult } from '../../engines/perf/perf-result.js';
import { ALL_CHECKS } from '../../engines/security/checks/all-checks.js';
import { declaredRules, loadChecks } from '../../engines/security/load-checks.js';
import type { ScanResult } from '../../engines/security/run-scan.js';
import { parseJsonReport } from '../../engines/testing/report/read-json-report.js';
import type { TestRun } from '../../engines/testing/test-run.js';
import { firstProblem, flowReportSchema, perfReportSchema, scanReportSchema } from './report-schemas.js';

export type ReportKind = 'test' | 'perf' | 'scan' | 'flow';

/** A report's JSON as the pages draw it: what `--json` (or `--report FILE.json`) of each command writes. */
export type ReportContent =
  | { kind: 'test'; run: TestRun }
  | { kind: 'perf'; result: PerfResult }
  | { kind: 'scan'; result: ScanResult }
  | { kind: 'flow'; run: FlowRun };

/** A report as its JSON holds it: a scan's without what its checks declare about their rules. */
export type ParsedReport = Exclude<ReportContent, { kind: 'scan' }> | { kind: 'scan'; result: Omit<ScanResult, 'rules'> };

/** A JSON file in .falcon/reports/ that is no report the dashboard reads; the message says why. */
export class UnreadableReportError extends Error {
  override name = 'UnreadableReportError';
}

/**
 * Which report `text` holds, told by its fields (the test report names its format; the others by
 * the fields only they have), checked whole. Anything else throws an UnreadableReportError.
 */
export function parseReport(text: string, fileName: string): ParsedReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UnreadableReportError(`not JSON (${(error as Error).message.replace(/\s+/g, ' ').trim()})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UnreadableReportError('not a JSON object, so no Falcon report');
  const fields = value as Record<string, unknown>;
  if (typeof fields.format === 'string' && fields.format.startsWith('falcon-test-report/')) return { kind: 'test', run: testRun(text, fileName) };
  if ('latency_ms' in fields && 'histogram' in fields) return { kind: 'perf', result: checked(perfReportSchema, value, 'a load report') as PerfResult };
  if ('findings' in fields && 'checks' in fields) return { kind: 'scan', result: checked(scanReportSchema, value, 'a scan report') as Omit<ScanResult, 'rules'> };
  if ('steps' in fields && 'passed' in fields) return { kind: 'flow', run: checked(flowReportSchema, value, 'a flow report') as FlowRun };
  throw new UnreadableReportError('JSON of no report Falcon writes (a test, load, scan or flow report)');
}

/** The report with, for a scan, the OWASP entry and CWE of each check that ran, as the checks declare them. */
export async function withDeclaredRules(report: ParsedReport): Promise<ReportContent> {
  if (report.kind !== 'scan') return report;
  return { kind: 'scan', result: { ...report.result, rules: declaredRules(await loadChecks(ALL_CHECKS, report.result.checks)) } };
}

function testRun(text: string, fileName: string): TestRun {
  try {
    return parseJsonReport(text, fileName);
  } catch (error) {
    throw new UnreadableReportError((error as Error).message);
  }
}

function checked(schema: typeof perfReportSchema | typeof scanReportSchema | typeof flowReportSchema, value: unknown, what: string): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UnreadableReportError(`${what} this version of Falcon cannot show: ${firstProblem(parsed.error)}`);
  return parsed.data;
}
