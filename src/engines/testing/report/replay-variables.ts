/** The shell variables of a reproduction script: which value each holds, and which earlier answer it is read from. */
import type { CaseResult, TestRun } from '../test-run.js';
import { referenceSources } from './replay-steps.js';

/** Variables a shell or curl already gives a meaning: a value named after one gets `_VALUE` added. */
const TAKEN_NAMES = new Set([
  'PATH',
  'HOME',
  'IFS',
  'PWD',
  'OLDPWD',
  'SHELL',
  'USER',
  'LOGNAME',
  'LANG',
  'TERM',
  'PS1',
  'PS2',
  'PS4',
  'UID',
  'EUID',
  'PPID',
  'HOSTNAME',
  'RANDOM',
  'SECONDS',
  'LINENO',
  'OPTIND',
  'OPTARG',
  'TMPDIR',
  'CDPATH',
  'ENV',
  'MAIL',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'CURL_HOME',
]);

/** How a later request's value is read from an earlier answer. */
export interface Extraction {
  variable: string;
  /** What the comments call it: `orderId`, `customerId`. */
  name: string;
  /** Where in the answer: a JSONPath of its body, or its Location header. */
  from: { jsonPath: string } | { header: 'location' };
  /** What this run got: sent as it is when jq cannot read the path. */
  value?: string;
}

/** What the script's steps read from one another, worked out before a line is written. */
export class ScriptValues {
  readonly taken = new Set<string>();
  /** The extractions later steps need from each step's answer. */
  readonly extractions = new Map<CaseResult, Extraction[]>();
  /** Values given with --seed-data, set at the top. */
  readonly seeded: Array<{ variable: string; name: string; value: string; file: string }> = [];
  private readonly byKey = new Map<string, string>();

  /** The variable holding `key`'s value, read from `source`'s answer: made the first time it is asked for. */
  read(source: CaseResult, key: string, extraction: Omit<Extraction, 'variable'>): string {
    const known = this.byKey.get(key);
    if (known) return known;
    const variable = shellVariable(extraction.name, this.taken);
    this.byKey.set(key, variable);
    this.extractions.set(source, [...(this.extractions.get(source) ?? []), { ...extraction, variable }]);
    return variable;
  }

  seed(name: string, value: string, file: string): string {
    const key = `seed\u0000${name}\u0000${value}`;
    const known = this.byKey.get(key);
    if (known) return known;
    const variable = shellVariable(name, this.taken);
    this.byKey.set(key, variable);
    this.seeded.push({ variable, name, value, file });
    return variable;
  }
}

/** Each step's `{{name}}` → the shell variable that holds its value, from its chain's earlier steps and its references' sources. */
export function stepVariables(run: TestRun, steps: CaseResult[], values: ScriptValues): Map<CaseResult, Map<string, string>> {
  const all = new Map<CaseResult, Map<string, string>>();
  steps.forEach((step, index) => {
    const variables = new Map<string, string>();
    const chainId = step.case.chain?.id;
    for (const earlier of chainId === undefined ? [] : steps.slice(0, index).filter((other) => other.case.chain?.id === chainId)) {
      for (const [name, value] of Object.entries(earlier.extracted ?? {})) {
        const path = earlier.case.extract?.[name];
        if (path !== undefined) variables.set(name, values.read(earlier, `chain\u0000${chainId}\u0000${name}`, { name, from: { jsonPath: path }, value }));
      }
    }
    const sources = referenceSources(run, step);
    for (const reference of step.references ?? []) {
      const name = reference.placeholder
        .replace(/^ref\./, '')
        .split('.')
        .at(-1)!;
      const from = reference.from;
      if ('seed' in from) {
        variables.set(reference.placeholder, values.seed(name, reference.value, from.seed));
        continue;
      }
      const source = sources.find((candidate) => candidate.case.id === from.case);
      if (!source || !steps.includes(source)) continue;
      const where = 'jsonPath' in from ? { jsonPath: from.jsonPath } : { header: 'location' as const };
      const key = `reference\u0000${from.case}\u0000${'jsonPath' in from ? from.jsonPath : 'location'}`;
      variables.set(reference.placeholder, values.read(source, key, { name, from: where, value: reference.value }));
    }
    all.set(step, variables);
  });
  return all;
}

/** `orderId` → `ORDER_ID`; never a name the shell or curl already uses, never one given before. */
function shellVariable(name: string, taken: Set<string>): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  let base = /^\d/.test(words) ? `_${words}` : words || 'VALUE';
  if (TAKEN_NAMES.has(base) || /^RESPONSE_\d+$/.test(base)) base = `${base}_VALUE`;
  let variable = base;
  for (let counter = 2; taken.has(variable); counter += 1) variable = `${base}_${counter}`;
  taken.add(variable);
  return variable;
}
