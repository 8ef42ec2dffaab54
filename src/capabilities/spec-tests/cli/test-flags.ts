import { parseHeaders } from '../../../kit/command/option-values.js';
import path from 'node:path';
import { STRATEGIES, type Strategy } from '../../../engines/testing/generate/strategies.js';
import { type ReportFormat, reportFormatOfFile } from '../../../engines/testing/report/report-format.js';
import { CHECK_NAMES, type CheckName } from '../../../engines/testing/test-run.js';
import { UsageError } from '../../../kit/command/user-error.js';

/** What commander hands the action of `falcon test`. */
export interface TestCommandFlags {
  /** Start the API's server first, stop it after (`cli/serve/`). */
  serve?: boolean;
  spec?: string;
  /** `--graphql URL`: a GraphQL endpoint to test instead of a spec. */
  graphql?: string;
  /** `--graphql-schema FILE`: its SDL, when the endpoint answers no introspection. */
  graphqlSchema?: string;
  baseUrl?: string;
  env?: string;
  checks?: string;
  include?: string[];
  exclude?: string[];
  strategies?: string;
  seed?: number;
  /** `--max-cases`: fuzz inputs per operation. */
  maxCases?: number;
  workers?: number;
  maxResponseTime?: number;
  header?: string[];
  junit?: string;
  report?: string;
  /** `--shard 2/4`, parsed by shard-option.ts. */
  shard?: { index: number; count: number };
  allowWarnings?: boolean;
  /** `--min-coverage 80`: the share of documented responses the run must see, in percent. */
  minCoverage?: number;
  /** `--seed-data FILE`: ids the API has, by parameter name. */
  seedData?: string;
}

export interface ReportTarget {
  /** Absolute. */
  file: string;
  /** As the user gave it, for the summary. */
  shown: string;
  format: ReportFormat;
}

export interface TestCommandSettings {
  checks: CheckName[];
  strategies: Strategy[];
  headers: Record<string, string>;
  /** `--report` and `--junit`, in that order. */
  reportFiles: ReportTarget[];
}

/** The flags commander cannot check alone, checked before anything is sent; a problem is a UsageError. */
export function parseTestFlags(flags: TestCommandFlags, cwd: string): TestCommandSettings {
  const checks = listOf('--checks', flags.checks, CHECK_NAMES);
  if (flags.checks !== undefined && flags.checks.trim() !== 'all' && checks.includes('max_response_time') && flags.maxResponseTime === undefined) {
    throw new UsageError('the max_response_time check needs a limit: add --max-response-time <ms>');
  }
  checkGraphQLFlags(flags);
  const reportFiles: ReportTarget[] = [];
  if (flags.report !== undefined) {
    const format = reportFormatOfFile(flags.report);
    if (!format) throw new UsageError(`--report ${flags.report}: the extension says no format; use .md, .json, .html or .xml (JUnit)`);
    reportFiles.push({ file: path.resolve(cwd, flags.report), shown: flags.report, format });
  }
  if (flags.junit !== undefined) reportFiles.push({ file: path.resolve(cwd, flags.junit), shown: flags.junit, format: 'junit' });
  const strategies = listOf('--strategies', flags.strategies, STRATEGIES);
  if (flags.maxCases !== undefined && !strategies.includes('fuzz'))
    throw new UsageError('--max-cases bounds the fuzz strategy, which --strategies leaves out: add fuzz, or drop --max-cases');
  return { checks, strategies, headers: parseHeaders(flags.header ?? []), reportFiles };
}

function checkGraphQLFlags(flags: TestCommandFlags): void {
  if (flags.graphqlSchema !== undefined && flags.graphql === undefined)
    throw new UsageError('--graphql-schema gives the schema of the endpoint --graphql names: add --graphql <url>');
  if (flags.graphql === undefined) return;
  if (!/^https?:\/\/./i.test(flags.graphql))
    throw new UsageError(`--graphql ${flags.graphql}: give the endpoint's http(s) URL, such as http://localhost:4000/graphql`);
  if (flags.spec !== undefined) throw new UsageError('--graphql and --spec each say what to test: give one of them');
  if (flags.baseUrl !== undefined) throw new UsageError('--graphql is where the operations go: drop --base-url');
}

/** A comma-separated choice among `known`, or `all` (also when absent). */
function listOf<T extends string>(option: string, given: string | undefined, known: readonly T[]): T[] {
  if (given === undefined || given.trim() === 'all') return [...known];
  const names = given
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new UsageError(`${option} is empty; choose from ${known.join(', ')}, or all`);
  const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new UsageError(`${option}: unknown ${unknown.map((name) => `"${name}"`).join(', ')}; choose from ${known.join(', ')}, or all`);
  }
  return [...new Set(names as T[])];
}
