import type { CaseResult, RecordedRequest, TestRun } from '../test-run.js';
import { curlCommandParts, curlLines, setFirstNote } from './curl-command.js';
import { followUpLines, NEXT_LINE } from './follow-up-lines.js';

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

/**
 * The shell lines that send a failed case again. A case outside a chain, or the first step of one,
 * is its curl line (and the note naming the masked values to set first). A later chain step needs
 * what the steps before it created, so its lines are the whole chain up to it, in order, for one
 * shell:
 *
 * ```sh
 * # steps 1 to 2 of chain createOrder/stateful/chain-orderId, in order, in one shell: step 2 failed
 * # step 1 (createOrder): its response body is kept in RESPONSE_1
 * RESPONSE_1=$(curl -sS -X POST 'http://…/orders' -H 'content-type: application/json' --data-raw '{…}'); printf '%s\n' "$RESPONSE_1"
 * # orderId as this run extracted it ($.id); to take it from RESPONSE_1 instead (needs jq): ORDER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')
 * ORDER_ID='7'
 * # step 2 (getOrder): the step that failed
 * curl -sS -i "http://…/orders/$ORDER_ID"
 * ```
 *
 * Only curl and a POSIX shell are assumed: a value is set to what this run extracted, which sends
 * exactly the requests the run sent (the same ids, against the same server); jq is offered in a
 * comment, for taking the value from the new response instead (another server, a fresh database).
 * A value masked in the report can only come from the response: then the jq line is the one that
 * runs. Where the value went in a later request is known exactly (`requestTemplate`), not guessed.
 * Requests a case sent after its own (`followUps`: a write's read back, a walk's pages) follow it.
 */
export function reproductionLines(run: TestRun, result: CaseResult): string[] {
  if (!result.request) return [];
  const earlier = earlierChainSteps(run, result);
  if (earlier.length === 0) {
    if (result.followUps?.length) return followUpLines(result);
    const { command, note } = curlLines(result.request);
    return note ? [note, command] : [command];
  }
  return chainScript([...earlier, result]);
}

/** The lines as one block of text, as a report shows them. */
export function reproductionText(run: TestRun, result: CaseResult): string {
  return reproductionLines(run, result).join('\n');
}

/**
 * The steps of the result's chain before it, in step order, one per step: when merged reports hold
 * the same chain twice, the one nearest before the result.
 */
export function earlierChainSteps(run: TestRun, result: CaseResult): CaseResult[] {
  const chain = result.case.chain;
  if (!chain || chain.step <= 1) return [];
  const position = run.results.indexOf(result);
  const byStep = new Map<number, { result: CaseResult; index: number }>();
  run.results.forEach((other, index) => {
    const step = other.case.chain?.step;
    if (other === result || other.case.chain?.id !== chain.id || step === undefined || step >= chain.step || !other.request) return;
    const kept = byStep.get(step);
    const nearer = kept === undefined || (index < position && (kept.index > position || index > kept.index));
    if (nearer) byStep.set(step, { result: other, index });
  });
  return [...byStep].sort(([a], [b]) => a - b).map(([, entry]) => entry.result);
}

function chainScript(steps: CaseResult[]): string[] {
  const failing = steps.at(-1)!;
  const first = steps[0]!.case.chain?.step ?? 1;
  const last = failing.case.chain?.step ?? steps.length;
  const shellNames = new Map<string, string>();
  const taken = new Set<string>();
  const maskedVariables = new Set<string>();
  const lines: string[] = [];
  steps.forEach((step, index) => {
    const isFailing = index === steps.length - 1;
    const label = `step ${step.case.chain?.step ?? index + 1} (${step.case.operationId ?? step.case.id})`;
    const extracted = isFailing ? [] : Object.entries(step.extracted ?? {});
    const curl = curlCommandParts(requestToSend(step, shellNames), { chainVariables: shellNames, headersInOutput: extracted.length === 0 });
    for (const variable of curl.variables) maskedVariables.add(variable);
    if (isFailing) {
      lines.push(`# ${label}: the step that failed`, curl.command);
      for (const followUp of step.followUps ?? []) {
        const after = curlCommandParts(requestToSend(followUp, shellNames), { chainVariables: shellNames });
        for (const variable of after.variables) maskedVariables.add(variable);
        lines.push(NEXT_LINE, `# ${label}, then its ${followUp.label}`, after.command);
      }
      return;
    }
    if (extracted.length === 0) return void lines.push(`# ${label}`, curl.command);
    const response = `RESPONSE_${step.case.chain?.step ?? index + 1}`;
    lines.push(`# ${label}: its response body is kept in ${response}`, `${response}=$(${curl.command}); printf '%s\\n' "$${response}"`);
    for (const [name, value] of extracted) {
      const variable = shellVariable(name, taken);
      shellNames.set(name, variable);
      const path = step.case.extract?.[name];
      const filter = path === undefined ? undefined : jqFilter(path);
      const fromResponse = filter === undefined ? undefined : `${variable}=$(printf '%s' "$${response}" | jq -r ${shellQuoted(filter)})`;
      const where = path === undefined ? '' : ` (${path})`;
      if (value.includes('[masked')) {
        if (fromResponse) lines.push(`# ${name}${where} is masked in this report: taken from ${response} (needs jq), or set ${variable} by hand`, fromResponse);
        else lines.push(`# set ${variable} by hand to ${name}${where} from ${response}: its value is masked in this report`);
      } else {
        lines.push(
          `# ${name} as this run extracted it${where}${fromResponse ? `; to take it from ${response} instead (needs jq): ${fromResponse}` : ''}`,
          `${variable}=${shellQuoted(value)}`,
        );
      }
    }
  });
  const head = `# steps ${first} to ${last} of chain ${failing.case.chain?.id ?? ''}, in order, in one shell: step ${last} failed`;
  const note = maskedVariables.size > 0 ? [setFirstNote([...maskedVariables])] : [];
  return [head, ...note, ...lines];
}

/** The step's request with its chain values as shell variables, when every one of them has a variable; else as sent. */
function requestToSend(step: Pick<CaseResult, 'request' | 'requestTemplate'>, shellNames: ReadonlyMap<string, string>): RecordedRequest {
  const template = step.requestTemplate;
  if (!template) return step.request!;
  const texts = [template.url, ...Object.values(template.headers), template.body ?? ''];
  const names = texts.flatMap((text) => [...text.matchAll(/\{\{([\w.:-]+)\}\}/g)].map((match) => match[1]!));
  return names.every((name) => shellNames.has(name)) ? template : step.request!;
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

/** `$.id` → `.id`, `$.data[0]['odd-name']` → `.data[0]["odd-name"]` (jq 1.5 and later); `undefined` for what jq would read otherwise (filters, wildcards). */
export function jqFilter(jsonPath: string): string | undefined {
  if (!jsonPath.startsWith('$')) return undefined;
  let rest = jsonPath.slice(1);
  let filter = '';
  while (rest.length > 0) {
    const step = /^\.([A-Za-z_][\w]*)/.exec(rest) ?? /^\[(\d+)\]/.exec(rest) ?? /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest) ?? /^\["((?:[^"\\]|\\.)*)"\]/.exec(rest);
    if (!step) return undefined;
    const [whole, part = ''] = step;
    const bracket = filter === '' ? '.' : '';
    if (whole.startsWith('.')) filter += `.${part}`;
    else if (/^\[\d/.test(whole)) filter += `${bracket}[${part}]`;
    else filter += `${bracket}[${JSON.stringify(part.replace(/\\(.)/g, '$1'))}]`;
    rest = rest.slice(whole.length);
  }
  return filter || '.';
}

/** Single quotes keep everything literal; a quote inside is closed, escaped and reopened. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
