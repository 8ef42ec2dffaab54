import { k6RunCommand, type K6Variable } from '../../engines/perf/k6/k6-variables.js';

/**
 * What `perf --export-k6` and `flow export-k6` say once the script is written: every variable it
 * reads from `__ENV` on a line of its own (its value when Falcon knows one it may show), then the
 * command that runs it.
 */
export function k6ExportLines(file: string, variables: readonly K6Variable[]): string[] {
  if (variables.length === 0) return [`Wrote the k6 script ${file}; it reads nothing from the environment.`, `Run it with: ${k6RunCommand(variables, file)}`];
  const width = Math.max(...variables.map(({ name }) => name.length));
  return [
    `Wrote the k6 script ${file}; it reads ${variables.length === 1 ? 'this variable' : `these ${variables.length} variables`} from the environment:`,
    ...variables.map((variable) => `  ${variable.name.padEnd(width)}  ${meaning(variable)}`),
    `Run it with: ${k6RunCommand(variables, file)}`,
  ];
}

function meaning(variable: K6Variable): string {
  if (variable.secret) return 'a secret: set it yourself (the script never holds it)';
  return variable.value === undefined ? 'no value here: set it yourself' : variable.value;
}
