import { maskText } from '../../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../../safety/secret-registry.js';
import { setFirstNote } from '../../../../engines/testing/report/curl-command.js';
import { NEXT_LINE } from '../../../../engines/testing/report/follow-up-lines.js';
import type { RecordedRequest } from '../../../../engines/testing/test-run.js';
import { createdIds, linkCreatedIds, type CreatedId } from './created-ids.js';
import { sentBodyCommand } from './large-body.js';
import type { ReplayStep, ReplayValue, SendStep, RepeatStep } from './replay-step.js';

/** How a finding is sent again: its main curl line, the script when it takes more than one, and the variables they read. */
export interface Reproduction {
  /** The proving request's line (the note naming the variables to set above it). */
  curl: string;
  /** The whole script, when the proof takes more than that one request. */
  script?: string[];
  /** The variables the reader sets first, in order of first use: each explained in the report's legend. */
  variables: string[];
}

/**
 * The shell lines that replay a finding on a server that never saw the scan: each request as its
 * curl line, its credentials the variables of the user it was sent as (`$TOKEN_OF_BOB`), an id a
 * create answered read from that answer with jq (`ORDER_ID=$(… | jq -r '.id')`) rather than copied,
 * a burst as a loop with its statuses counted, a forged token made from the user's own. `proving` is
 * the step whose answer proves it: its line is the finding's `curl`.
 */
export function reproduction(steps: readonly ReplayStep[], proving: number, secrets: SecretRegistry): Reproduction {
  const requests = steps.map((step) => (step.kind === 'shell' ? undefined : maskedRequest(step, secrets)));
  const created = createdIds(steps);
  const linked = linkCreatedIds(requests, created);
  const reader = new Set<string>();
  const set = new Set(steps.flatMap((step) => (step.kind === 'shell' ? assigned(step.lines) : [])));
  const lines = steps.map((step, index) =>
    stepLines(step, index, { request: linked.requests[index], chain: linked.chain, captures: linked.captures.get(index) ?? [], reader, set }),
  );
  for (const step of steps) if (step.kind === 'shell') for (const name of step.needs) reader.add(name);
  const variables = [...reader].filter((name) => !set.has(name));
  const main = mainLine(steps[proving]!, requests[proving]!, secrets);
  if (steps.length === 1 && steps[0]!.kind === 'send') return { curl: main, variables };
  const tools = [...new Set([...(linked.captures.size > 0 ? ['jq'] : []), ...steps.flatMap((step) => (step.kind === 'shell' ? (step.tools ?? []) : []))])];
  const head = `# ${steps.length} step${steps.length === 1 ? '' : 's'}, in order, in one shell${tools.length > 0 ? ` (needs ${tools.join(' and ')})` : ''}`;
  const guards = variables.map((name) => `: "\${${name}:?set ${name} first, as the legend of the report says}"`);
  const script = [
    head,
    ...guards,
    ...lines.flatMap((stepText, index) => (index > 0 && steps[index - 1]!.kind !== 'shell' ? [NEXT_LINE, ...stepText] : stepText)),
  ];
  return { curl: main, script: script.map((line) => maskText(line, { secrets, shapes: false })), variables };
}

interface StepContext {
  request: RecordedRequest | undefined;
  chain: ReadonlyMap<string, string>;
  captures: readonly CreatedId[];
  /** Variables the reader must set, added to as lines use them. */
  reader: Set<string>;
  /** Variables a shell step of the script sets. */
  set: ReadonlySet<string>;
}

function stepLines(step: ReplayStep, index: number, context: StepContext): string[] {
  const label = `# ${index + 1}. ${step.label}`;
  if (step.kind === 'shell') return [label, ...step.lines];
  const chain = withValues(context.chain, step.values);
  for (const { variable } of step.values ?? []) context.reader.add(variable);
  if (step.kind === 'repeat') return [label, repeatLine(step, context.request!, chain, context.reader)];
  const command = commandOf(context.request!, chain, context.reader, { headersInOutput: true });
  if (context.captures.length === 0) return [label, command];
  const response = `RESPONSE_${index + 1}`;
  return [
    `${label}: its answer (status line, headers and body) is kept in ${response}`,
    `${response}=$(${command}); printf '%s\\n' "$${response}"`,
    ...context.captures.map(({ variable, filter }) => `${variable}=$(printf '%s\\n' "$${response}" | tr -d '\\r' | sed '1,/^$/d' | jq -r '${filter}')`),
  ];
}

function repeatLine(step: RepeatStep, request: RecordedRequest, chain: ReadonlyMap<string, string>, reader: Set<string>): string {
  const command = commandOf(request, chain, reader, { headersInOutput: false }).replace(/^curl -sS/, `curl -sS -o /dev/null -w '%{http_code}\\n'`);
  const loop = `for i in $(seq ${step.count}); do ${command}${step.atOnce ? ' &' : ';'} done${step.atOnce ? '; wait' : ''}`;
  return `{ ${loop}; } | sort | uniq -c`;
}

/** The proving request alone, with the note that names what to set first. */
function mainLine(step: ReplayStep, request: RecordedRequest, secrets: SecretRegistry): string {
  if (step.kind === 'shell') return '';
  const reader = new Set<string>((step.values ?? []).map((value) => value.variable));
  const command = commandOf(request, withValues(new Map(), step.values), reader, { headersInOutput: true });
  const line = reader.size > 0 ? `${setFirstNote([...reader])}\n${command}` : command;
  return maskText(line, { secrets, shapes: false });
}

function commandOf(request: RecordedRequest, chain: ReadonlyMap<string, string>, reader: Set<string>, options: { headersInOutput: boolean }): string {
  const parts = sentBodyCommand(request, { chainVariables: chain, headersInOutput: options.headersInOutput });
  for (const name of parts.variables) reader.add(name);
  return parts.command;
}

/** The chain's variables and the step's own values: `{{FORGED_TOKEN}}` → `$FORGED_TOKEN`. */
function withValues(chain: ReadonlyMap<string, string>, values: readonly ReplayValue[] | undefined): Map<string, string> {
  return new Map([...chain, ...(values ?? []).map((value): [string, string] => [value.variable, value.variable])]);
}

/**
 * The step's request, its values as `{{VARIABLE}}`, masked for the report: registered values and
 * secret shapes, each header read with its name (`x-api-key: …` is a secret where `…` alone is not).
 * The text around each value is masked apart from it, so that a value in a secret's place
 * (`"password": "{{WRONG_PASSWORD}}"`) stays the variable the script sets.
 */
function maskedRequest(step: SendStep | RepeatStep, secrets: SecretRegistry): RecordedRequest {
  const forms = (step.values ?? []).flatMap(({ literal, variable }) => [
    { text: literal, variable },
    { text: encodeURIComponent(literal), variable },
  ]);
  const mask = (text: string): string => maskAround(text, forms, (piece) => maskText(piece, { secrets }));
  const { request } = step.exchange;
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, mask(`${name}: ${value}`).slice(name.length + 2)]));
  return { method: request.method, url: mask(request.url), headers, ...(request.body !== undefined && { body: mask(request.body) }) };
}

/** The text masked with each value as its `{{VARIABLE}}`; when masking would take a marker for a secret (`"password": "{{…}}"`), the pieces between them masked each alone. */
function maskAround(text: string, forms: ReadonlyArray<{ text: string; variable: string }>, mask: (piece: string) => string): string {
  const marked = forms.reduce((current, form) => (form.text === '' ? current : current.replaceAll(form.text, `{{${form.variable}}}`)), text);
  const masked = mask(marked);
  const markers = (value: string) => value.match(/\{\{[A-Z_][A-Z0-9_]*\}\}/g)?.length ?? 0;
  return markers(masked) === markers(marked) ? masked : piecewise(text, forms, mask);
}

function piecewise(text: string, forms: ReadonlyArray<{ text: string; variable: string }>, mask: (piece: string) => string): string {
  const form = forms.find((candidate) => candidate.text !== '' && text.includes(candidate.text));
  if (!form) return mask(text);
  return text
    .split(form.text)
    .map((piece) => piecewise(piece, forms, mask))
    .join(`{{${form.variable}}}`);
}

/** The variables a shell step's lines assign: `NAME=…` at the start of a line. */
function assigned(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const match = /^([A-Z_][A-Z0-9_]*)=/.exec(line);
    return match ? [match[1]!] : [];
  });
}
