import { coverageProblem } from '../coverage/coverage-shape.js';
import type { TestRun } from '../test-run.js';
import { JSON_REPORT_FORMAT } from './json-report.js';

/** A file that is not a JSON report this version of Falcon reads; the message names the file and what is wrong. */
export class ReportFileError extends Error {
  override name = 'ReportFileError';
}

const OUTCOMES = new Set(['passed', 'failed', 'skipped']);

/**
 * The run a JSON report (`falcon test --report run.json`) holds, as the other formats need it: the
 * report's own additions (`format`, `tally`, each result's `reproduce`, the coverage's `figures`) are left out, since they are
 * made again from the rest. Anything that is not such a report is refused with what is wrong.
 */
export function parseJsonReport(text: string, file: string): TestRun {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // JSON.parse quotes the start of the text, line breaks and all: one line is what a message gets.
    throw new ReportFileError(`${file} is not a Falcon JSON report: it is not JSON (${(error as Error).message.replace(/\s+/g, ' ').trim()})`);
  }
  if (!isObject(value)) throw notReport(file, 'it is not a JSON object');
  const format = value.format;
  if (typeof format === 'string' && format.startsWith('falcon-test-report/') && format !== JSON_REPORT_FORMAT) {
    throw new ReportFileError(
      `${file} is a Falcon JSON report of format ${format}, which this version of Falcon does not read (it reads ${JSON_REPORT_FORMAT})`,
    );
  }
  if (format !== JSON_REPORT_FORMAT) throw notReport(file, `it has no "format": "${JSON_REPORT_FORMAT}"`);
  const problem = runProblem(value);
  if (problem) throw notReport(file, problem);
  const run: Record<string, unknown> = { ...value };
  delete run.format;
  delete run.tally;
  if (isObject(value.coverage)) {
    const { figures: _figures, ...coverage } = value.coverage;
    run.coverage = coverage;
  }
  run.results = (value.results as Array<Record<string, unknown>>).map((result) => {
    const copy = { ...result };
    delete copy.reproduce;
    return copy;
  });
  return run as unknown as TestRun;
}

function notReport(file: string, why: string): ReportFileError {
  return new ReportFileError(`${file} is not a Falcon JSON report: ${why}; write one with falcon test --report <file>.json`);
}

/** What in the object does not have a TestRun's shape, or `undefined` when all does. */
function runProblem(run: Record<string, unknown>): string | undefined {
  for (const key of ['title', 'baseUrl', 'startedAt'] as const) if (typeof run[key] !== 'string') return `"${key}" is not text`;
  if (typeof run.durationMs !== 'number') return '"durationMs" is not a number';
  if (!Array.isArray(run.checks) || !run.checks.every((check) => typeof check === 'string')) return '"checks" is not a list of names';
  const operations = run.operations;
  if (!isObject(operations) || typeof operations.total !== 'number' || typeof operations.covered !== 'number')
    return '"operations" has no total and covered counts';
  if (!Array.isArray(run.results)) return '"results" is not a list';
  if (run.minCoverage !== undefined && typeof run.minCoverage !== 'number') return '"minCoverage" is not a number';
  const coverage = run.coverage === undefined ? undefined : coverageProblem(run.coverage);
  if (coverage) return `coverage${coverage}`;
  for (const [index, result] of run.results.entries()) {
    const problem = resultProblem(result);
    if (problem) return `results[${index}]${problem}`;
  }
  return undefined;
}

function resultProblem(result: unknown): string | undefined {
  if (!isObject(result)) return ' is not an object';
  const testCase = result.case;
  if (!isObject(testCase)) return '.case is not an object';
  for (const key of ['id', 'name', 'kind'] as const) if (typeof testCase[key] !== 'string') return `.case.${key} is not text`;
  if (!isObject(testCase.request) || typeof testCase.request.method !== 'string' || typeof testCase.request.path !== 'string')
    return '.case.request has no method and path';
  if (typeof result.outcome !== 'string' || !OUTCOMES.has(result.outcome))
    return `.outcome is ${JSON.stringify(result.outcome)}, not passed, failed or skipped`;
  if (
    !Array.isArray(result.findings) ||
    !result.findings.every((finding) => isObject(finding) && typeof finding.kind === 'string' && typeof finding.message === 'string')
  ) {
    return '.findings is not a list of findings';
  }
  if (typeof result.durationMs !== 'number') return '.durationMs is not a number';
  for (const key of ['request', 'requestTemplate'] as const) if (!isRequest(result[key])) return `.${key} is not a request`;
  const references = result.references;
  if (references !== undefined && (!Array.isArray(references) || !references.every(isFilledReference))) return '.references is not a list of filled references';
  if (!isResponse(result.response)) return '.response is not a response';
  const followUps = result.followUps;
  if (followUps === undefined) return undefined;
  if (!Array.isArray(followUps)) return '.followUps is not a list';
  for (const [index, followUp] of followUps.entries()) {
    if (!isObject(followUp) || typeof followUp.label !== 'string' || !isRequest(followUp.request) || followUp.request === undefined)
      return `.followUps[${index}] has no label and request`;
    if (!isRequest(followUp.requestTemplate)) return `.followUps[${index}].requestTemplate is not a request`;
    if (!isResponse(followUp.response)) return `.followUps[${index}].response is not a response`;
  }
  return undefined;
}

/** Absent, or a recorded request. */
function isRequest(request: unknown): boolean {
  return request === undefined || (isObject(request) && typeof request.method === 'string' && typeof request.url === 'string' && isObject(request.headers));
}

/** Absent, or a recorded response. */
function isResponse(response: unknown): boolean {
  return (
    response === undefined || (isObject(response) && typeof response.status === 'number' && typeof response.body === 'string' && isObject(response.headers))
  );
}

function isFilledReference(value: unknown): boolean {
  if (!isObject(value) || !['slot', 'placeholder', 'value'].every((key) => typeof value[key] === 'string')) return false;
  const from = value.from;
  if (!isObject(from)) return false;
  if (typeof from.seed === 'string') return true;
  return typeof from.case === 'string' && (typeof from.jsonPath === 'string' || from.header === 'location');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
