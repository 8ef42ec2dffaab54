import { YAMLParseError } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedYaml, YamlLimitError } from '../../../safety/bounded-yaml.js';
import { z } from 'zod';
import { describeIssues } from './describe-issues.js';
import { completeTestCases, testCaseInputSchema } from './test-case-schema.js';
import { SUITE_FORMAT, TestSuiteError, type TestSuiteFile } from './test-suite-format.js';

const suiteSchema = z.strictObject({
  format: z.literal(SUITE_FORMAT),
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  createdAt: z.string().min(1).optional(),
  spec: z.string().min(1).optional(),
  cases: z.array(testCaseInputSchema).min(1),
});

/** What the file cannot say for itself: its name is the file's, its age the file's when it has no createdAt. */
export interface SuiteFileFacts {
  name: string;
  modifiedAt: Date;
}

/** A suite file's text, checked; every error starts with `shown` (`.falcon/tests/x.yaml: …`). */
export function parseTestSuite(text: string, shown: string, facts: SuiteFileFacts): TestSuiteFile {
  const data = parseYaml(text, shown);
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new TestSuiteError(`${shown}: expected a mapping with format, name and cases, e.g. "format: ${SUITE_FORMAT}"`);
  }
  const format = (data as Record<string, unknown>).format;
  if (format !== SUITE_FORMAT) {
    throw new TestSuiteError(
      `${shown}: ${format === undefined ? 'format is missing' : `format is ${JSON.stringify(format)}`}; a suite file starts with "format: ${SUITE_FORMAT}"`,
    );
  }
  const result = suiteSchema.safeParse(data, { reportInput: true });
  if (!result.success) throw new TestSuiteError(`${shown}: ${describeIssues(result.error.issues)}`);
  const { description, createdAt, spec, cases: inputs } = result.data;
  const cases = completeTestCases(inputs);
  const firstWithId = new Map<string, number>();
  cases.forEach((testCase, index) => {
    const first = firstWithId.get(testCase.id);
    if (first !== undefined) throw new TestSuiteError(`${shown}: cases[${index}].id "${testCase.id}" is also the id of cases[${first}]; ids must be unique`);
    firstWithId.set(testCase.id, index);
  });
  return {
    format: SUITE_FORMAT,
    name: facts.name,
    ...(description === undefined ? {} : { description }),
    createdAt: createdAt ?? facts.modifiedAt.toISOString(),
    ...(spec === undefined ? {} : { spec }),
    cases,
  };
}

function parseYaml(text: string, shown: string): unknown {
  try {
    return parseBoundedYaml(text, FILE_YAML_LIMITS);
  } catch (error) {
    if (error instanceof YamlLimitError) throw new TestSuiteError(`${shown}: ${error.message}`);
    if (!(error instanceof YAMLParseError)) throw error;
    const position = error.linePos?.[0];
    throw new TestSuiteError(`${shown}: not valid YAML${position ? ` at line ${position.line}, column ${position.col}` : ''}: ${error.message.split('\n')[0]}`);
  }
}
