import type { CaseResult, RecordedRequest, TestRun } from '../test-run.js';
import { curlCommandParts, curlLines } from './curl-command.js';
import { followUpLines, NEXT_LINE } from './follow-up-lines.js';
import { replaySteps } from './replay-steps.js';
import { type Extraction, ScriptValues, stepVariables } from './replay-variables.js';

export { earlierChainSteps, replaySteps } from './replay-steps.js';

/**
 * The shell lines that send a failed case again. A case that depends on no other request is its
 * curl line (and the note naming the masked values to set first). A later chain step needs what the
 * steps before it created, and a case that sent an id the API gave earlier in the run (a customer a
 * create made, references/) needs the request that gave it: its lines are those requests first, in
 * order (replaySteps), then the case, for one shell, each value taken from the answer at replay time:
 *
 * ```sh
 * # steps 1 to 2 of chain createOrder/stateful/chain-orderId, in order, in one shell (needs jq): step 2 failed
 * # step 1 (createOrder): its response body is kept in RESPONSE_1
 * RESPONSE_1=$(curl -sS -X POST 'http://…/orders' -H 'content-type: application/json' --data-raw '{…}'); printf '%s\n' "$RESPONSE_1"
 * ORDER_ID=$(printf '%s' "$RESPONSE_1" | jq -r '.id')
 * # step 2 (getOrder): the step that failed
 * curl -sS -i "http://…/orders/$ORDER_ID"
 * ```
 *
 * So the lines run as printed against a server that never saw this run (a fresh database, a
 * colleague's machine): the ids are the ones its own answers give. They need curl, a POSIX shell and
 * jq; a value taken from a `Location` header needs sed. Where a value went in a request is known
 * exactly (`requestTemplate`), not guessed. A secret the report masks is a `$VAR` the first lines
 * require to be set (`: "${API_KEY:?…}"` stops a script that lacks it before anything is sent); a
 * value given with `--seed-data` is set from the file. A value jq cannot read (a JSONPath filter)
 * is set to what this run got, or left to be set by hand when the report masks it. Requests a case
 * sent after its own (`followUps`: a write's read back, a walk's pages) follow it.
 */
export function reproductionLines(run: TestRun, result: CaseResult): string[] {
  if (!result.request) return [];
  const steps = replaySteps(run, result);
  if (steps.length === 1) {
    if (result.followUps?.length) return followUpLines(result);
    const { command, note } = curlLines(result.request);
    return note ? [note, command] : [command];
  }
  return replayScript(run, steps);
}

/** The lines as one block of text, as a report shows them. */
export function reproductionText(run: TestRun, result: CaseResult): string {
  return reproductionLines(run, result).join('\n');
}

function replayScript(run: TestRun, steps: CaseResult[]): string[] {
  const failing = steps.at(-1)!;
  const values = new ScriptValues();
  const variablesOf = stepVariables(run, steps, values);
  const masked = new Set<string>();
  const body: string[] = [];
  let usesJq = false;
  steps.forEach((step, index) => {
    const label = stepLabel(step, index);
    const needed = step === failing ? [] : (values.extractions.get(step) ?? []);
    const withHeaders = needed.some((extraction) => 'header' in extraction.from);
    const variables = variablesOf.get(step)!;
    const curl = curlCommandParts(requestToSend(step, variables), { chainVariables: variables, headersInOutput: needed.length === 0 || withHeaders });
    for (const variable of curl.variables) masked.add(variable);
    if (step === failing) {
      body.push(`# ${label}: the ${step.case.chain ? 'step' : 'case'} that failed`, curl.command);
      for (const followUp of step.followUps ?? []) {
        const after = curlCommandParts(requestToSend(followUp, variables), { chainVariables: variables });
        for (const variable of after.variables) masked.add(variable);
        body.push(NEXT_LINE, `# ${label}, then its ${followUp.label}`, after.command);
      }
      return;
    }
    if (needed.length === 0) return void body.push(`# ${label}`, curl.command);
    const response = `RESPONSE_${index + 1}`;
    body.push(
      `# ${label}: its response ${withHeaders ? '(status line, headers and body)' : 'body'} is kept in ${response}`,
      `${response}=$(${curl.command}); printf '%s\\n' "$${response}"`,
    );
    for (const extraction of needed) {
      const lines = extractionLines(extraction, response, withHeaders);
      usesJq ||= lines.some((line) => line.includes('| jq '));
      body.push(...lines);
    }
  });
  const tools = usesJq ? ' (needs jq)' : '';
  const chain = failing.case.chain;
  const pureChain = chain !== undefined && steps.every((step) => step.case.chain?.id === chain.id);
  const head = pureChain
    ? `# steps ${steps[0]!.case.chain!.step} to ${chain.step} of chain ${chain.id}, in order, in one shell${tools}: step ${chain.step} failed`
    : `# ${steps.length} requests, in order, in one shell${tools}: the last, ${failing.case.id}, failed; the ones before it give what it sends`;
  const secrets = [...masked].map((variable) => `: "\${${variable}:?set ${variable} first: its value is masked in this report}"`);
  const seeds = values.seeded.flatMap(({ variable, name, value, file }) => [
    `# ${name} as ${file} gives it (--seed-data)`,
    `${variable}=${shellQuoted(value)}`,
  ]);
  return [head, ...secrets, ...seeds, ...body];
}

/** `step 2 (getOrder)` for a chain step; `1. createCustomer/happy/valid` for another request. */
function stepLabel(step: CaseResult, index: number): string {
  const chain = step.case.chain;
  if (chain) return `step ${chain.step} (${step.case.operationId ?? step.case.id})`;
  return `${index + 1}. ${step.case.id}`;
}

/** The lines that set the variable from the answer kept in `response`: jq for a body's JSONPath, sed for a Location header's last segment. */
function extractionLines(extraction: Extraction, response: string, withHeaders: boolean): string[] {
  const { variable, name, from, value } = extraction;
  if ('header' in from) return [`${variable}=$(printf '%s\\n' "$${response}" | tr -d '\\r' | sed -n 's|^[Ll]ocation:.*/\\([^/?#]*\\).*$|\\1|p' | head -n 1)`];
  const filter = jqFilter(from.jsonPath);
  const json = withHeaders ? `printf '%s\\n' "$${response}" | tr -d '\\r' | sed '1,/^$/d'` : `printf '%s' "$${response}"`;
  if (filter !== undefined) return [`${variable}=$(${json} | jq -r ${shellQuoted(filter)})`];
  if (value === undefined || value.includes('[masked'))
    return [`# set ${variable} by hand to ${name} (${from.jsonPath}) from ${response}: jq cannot read that path, and the report masks its value`];
  return [`# ${name} as this run got it (${from.jsonPath}): jq cannot read that path`, `${variable}=${shellQuoted(value)}`];
}

/** The step's request with its values as shell variables, when every `{{name}}` in it has one; else as sent. */
function requestToSend(step: Pick<CaseResult, 'request' | 'requestTemplate'>, variables: ReadonlyMap<string, string>): RecordedRequest {
  const template = step.requestTemplate;
  if (!template) return step.request!;
  const texts = [template.url, ...Object.values(template.headers), template.body ?? ''];
  const names = texts.flatMap((text) => [...text.matchAll(/\{\{([\w.:-]+)\}\}/g)].map((match) => match[1]!));
  return names.every((name) => variables.has(name)) ? template : step.request!;
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
