import { ConfigError, type ConfigProblem, formatConfigProblem } from '../../../config/config-error.js';
import { readYamlFile, type YamlFile } from '../../../config/yaml-file.js';

/** One value the user gave for a parameter, with the line it is on. */
export interface SeedValue {
  value: string | number | boolean;
  line?: number;
}

/**
 * `falcon test --seed-data FILE`: ids and keys the user knows the API has, by parameter or body
 * field name (`customerId: [7, 8]`). They fill references before anything the run harvests.
 */
export interface SeedData {
  /** The file as the user named it, for messages and reports. */
  file: string;
  values: Map<string, SeedValue[]>;
  /** The line of each name. */
  lines: Map<string, number | undefined>;
}

/** A seed data file that cannot be used: one line per problem, `file:line: name: what is wrong`. */
export class SeedDataError extends Error {
  override readonly name = 'SeedDataError';
}

const EXAMPLE = 'customerId: [7, 8]';

/**
 * Reads a YAML or JSON file mapping each parameter to a value or a list of values. Every problem
 * is named with its line: a syntax error, a file that is not such a mapping, a value that is an
 * object, null or an empty list.
 */
export async function readSeedData(path: string, shown: string): Promise<SeedData> {
  let file: YamlFile | undefined;
  try {
    file = await readYamlFile(path, shown);
  } catch (error) {
    if (error instanceof ConfigError) throw new SeedDataError(error.message);
    throw error;
  }
  if (!file) throw new SeedDataError(`${shown}: no such file (--seed-data names a YAML or JSON file of parameter → values, e.g. ${EXAMPLE})`);
  return seedDataOf(file);
}

/** The seed data a parsed file holds, or a SeedDataError naming each problem with its line. */
export function seedDataOf(file: YamlFile): SeedData {
  const problems: ConfigProblem[] = [];
  const at = (path: Array<string | number>, message: string) => problems.push({ ...file.locate(path), message });
  const root = file.value;
  if (root === null || root === undefined) throw new SeedDataError(`${file.displayPath}: the file is empty; write one parameter a line, e.g. ${EXAMPLE}`);
  if (typeof root !== 'object' || Array.isArray(root)) {
    const what = Array.isArray(root) ? 'a list' : `a single ${typeof root}`;
    throw new SeedDataError(
      formatConfigProblem(file.displayPath, { line: 1, message: `the file holds ${what}; it must map each parameter to its values, e.g. ${EXAMPLE}` }),
    );
  }
  const values = new Map<string, SeedValue[]>();
  const lines = new Map<string, number | undefined>();
  for (const [name, given] of Object.entries(root as Record<string, unknown>)) {
    lines.set(name, file.locate([name]).line);
    const list = Array.isArray(given) ? given : [given];
    if (list.length === 0) at([name], 'the list is empty; give at least one value');
    const kept: SeedValue[] = [];
    list.forEach((value, index) => {
      const path = Array.isArray(given) ? [name, index] : [name];
      if (typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
        kept.push({ value, ...optionalLine(file.locate(path).line) });
      } else at(path, `${describe(value)} is not a value to send; give a string, a number or a list of them`);
    });
    values.set(name, kept);
  }
  if (problems.length > 0) throw new SeedDataError(problems.map((problem) => formatConfigProblem(file.displayPath, problem)).join('\n'));
  return { file: file.displayPath, values, lines };
}

function optionalLine(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list inside the list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
