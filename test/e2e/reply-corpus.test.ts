// The reply corpus (test/support/reply-corpus.ts) through the built binary, over the OpenAI and the
// Ollama wire protocols: each case's reply is what the fake model server streams, and the test checks
// what Falcon then did — the tool it called with exactly which arguments, the one-line note for a call
// it could not read (nothing run), nothing at all for reasoning alone — and what it printed: only a
// real answer ever reaches stdout. A run holds a few cases, each followed by a call that is always read
// (so three unreadable replies in a row never end it), and ends with an answer case.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type FalconResult, type Sandbox } from '../support/falcon-binary.js';
import { loadDefaultTools } from '../../src/agent/default-tools.js';
import { loadReplyCorpus, type ReplyCase } from '../support/reply-corpus.js';

interface Case extends ReplyCase {
  family: string;
}

const corpus: Case[] = loadReplyCorpus().flatMap(({ family, cases }) => cases.map((entry) => ({ ...entry, family })));
const isAnswer = (entry: Case) => entry.expect.kind === 'answer' && entry.expect.text !== '';
const answers = corpus.filter(isAnswer);
const others = corpus.filter((entry) => !isAnswer(entry));

const SEPARATOR = 'ACTION: read_file({"path": "marker.txt"})';
const DEFAULT_TOOL_NAMES = new Set((await loadDefaultTools()).map((tool) => tool.name));
const THOUGHT_PREFIX = /^thought[ \t]*:\s*/i;
// A call by a name not among the default tools' is an unknown tool, refused before anything runs; these are denied.
const TOOLS_WITH_EFFECTS = ['bash', 'edit_file', 'write_file', 'http_request'];

interface Run {
  model: string;
  cases: Case[];
  answer: Case;
}

/** One run per answer case, the other cases dealt out among them; each its own model, so runs go on side by side. */
function runs(protocol: string): Run[] {
  return answers.map((answer, index) => ({
    model: `${protocol}-corpus-${index}`,
    answer,
    cases: others.filter((_, otherIndex) => otherIndex % answers.length === index),
  }));
}

function scriptOf(run: Run): string[] {
  // A Thought-only answer is asked about once; the same reply again is then taken as the answer.
  const answer = THOUGHT_PREFIX.test(run.answer.expect.text ?? '') ? [run.answer.reply, run.answer.reply] : [run.answer.reply];
  return [...run.cases.flatMap((entry) => [entry.reply, SEPARATOR]), ...answer];
}

interface LoggedEvent {
  type: string;
  turn?: number;
  name?: string;
  args?: unknown;
  ok?: boolean;
  output?: string;
  problem?: string;
  tool?: string;
}

async function sessionEvents(sandbox: Sandbox): Promise<LoggedEvent[]> {
  const dir = path.join(sandbox.project, '.falcon', 'sessions');
  const [file] = (await readdir(dir)).filter((name) => name.endsWith('.jsonl'));
  const lines = (await readFile(path.join(dir, file!), 'utf8')).split('\n').filter(Boolean);
  return lines
    .map((line) => JSON.parse(line) as { kind: string; event?: LoggedEvent })
    .flatMap((entry) => (entry.kind === 'event' && entry.event ? [entry.event] : []));
}

/** The events of each model turn, by turn number. */
function eventsByTurn(events: LoggedEvent[]): Map<number, LoggedEvent[]> {
  const turns = new Map<number, LoggedEvent[]>();
  let turn = 0;
  for (const event of events) {
    if (event.type === 'turn_start') turn = event.turn ?? turn + 1;
    else turns.set(turn, [...(turns.get(turn) ?? []), event]);
  }
  return turns;
}

function checkCase(entry: Case, events: LoggedEvent[]): void {
  const label = `${entry.family}: ${entry.shape}`;
  const calls = events.filter((event) => event.type === 'tool_call');
  const results = events.filter((event) => event.type === 'tool_result');
  const { expect: wanted } = entry;
  if (wanted.kind === 'answer') {
    // Reasoning alone (or cut off inside it): nothing runs, nothing is answered, the model is asked again.
    expect(calls, label).toEqual([]);
    expect(
      events.filter((event) => event.type === 'answer'),
      label,
    ).toEqual([]);
    return;
  }
  if (wanted.kind === 'bad_call' && wanted.name === undefined) {
    expect(calls, label).toEqual([]);
    const unreadable = events.find((event) => event.type === 'call_unreadable');
    expect(unreadable?.problem, label).toContain(wanted.problem);
    return;
  }
  expect(calls, label).toHaveLength(1);
  expect(calls[0]!.name, label).toBe(wanted.name);
  if (wanted.kind === 'bad_call') {
    // Named, but its arguments could not be read: the tool never runs, the model reads why.
    expect(calls[0]!.args, label).toBeNull();
    expect(results[0]?.ok, label).toBe(false);
    expect(results[0]?.output, label).toContain('could not read the arguments');
    return;
  }
  expect(calls[0]!.args, label).toStrictEqual(wanted.args);
  if (!DEFAULT_TOOL_NAMES.has(wanted.name!)) {
    expect(results[0]?.ok, label).toBe(false);
    expect(results[0]?.output, label).toMatch(/^Error: unknown tool/);
  } else if (TOOLS_WITH_EFFECTS.includes(wanted.name!)) {
    // Read exactly, then stopped by the deny rule (or by the tool's own check of what the model wrote).
    expect(results[0]?.ok, label).toBe(false);
    expect(results[0]?.output, label).toMatch(/^Denied by the permission rule |^Refused: |^Error: invalid arguments/);
  }
}

async function runCorpus(models: FakeModelServer, protocol: 'openai' | 'ollama', run: Run): Promise<{ result: FalconResult; events: LoggedEvent[] }> {
  const sandbox = await createSandbox();
  try {
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    await writeFile(path.join(sandbox.project, 'marker.txt'), 'the corpus separator\n');
    // Enough calls of each tool for every case of the run; the tools that change or send anything are denied.
    const limits = Object.fromEntries([...DEFAULT_TOOL_NAMES].map((name) => [name, 200]));
    await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), JSON.stringify({ tool_limits: limits }));
    await sandbox.writeConfig({
      default_provider: protocol,
      providers: {
        openai: { model: run.model, config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } },
        ollama: { model: run.model, config: { mode: 'local', url: models.ollamaUrl } },
      },
      permissions: { deny: TOOLS_WITH_EFFECTS },
    });
    models.script(scriptOf(run), { model: run.model });
    const result = await runFalcon(['-p', 'Check the API.', '--max-turns', '200'], { cwd: sandbox.project, env: sandbox.env() });
    return { result, events: await sessionEvents(sandbox) };
  } finally {
    await sandbox.cleanup();
  }
}

let models: FakeModelServer;

/**
 * A run is one binary answering 13 model turns, and five run at once: on a loaded 2-core machine
 * that takes a minute. A ceiling for a run that hangs, not a measure.
 */
const RUN_CEILING_MS = 240_000;

beforeAll(async () => {
  models = await startFakeModelServer({ models: [...runs('openai'), ...runs('ollama')].map((run) => run.model) });
});
afterAll(() => models.close());

it('holds at least 160 cases, every one in a run', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(160);
  expect(runs('openai').reduce((sum, run) => sum + run.cases.length + 1, 0)).toBe(corpus.length);
});

describe.each(['openai', 'ollama'] as const)('the reply corpus through the binary over the %s protocol', (protocol) => {
  for (const [index, run] of runs(protocol).entries()) {
    it.concurrent(
      `run ${index}: ${run.cases.length} cases, then "${run.answer.shape}"`,
      async () => {
        const { result, events } = await runCorpus(models, protocol, run);
        const label = `${protocol} run ${index} (${run.answer.family}: ${run.answer.shape})`;
        expect(result.code, `${label}\n${result.stderr}`).toBe(0);
        // What the user sees as the answer: the answer case's text, never a reply that held call framing.
        expect(result.stdout, label).toBe(`${run.answer.expect.text!.replace(THOUGHT_PREFIX, '')}\n`);
        const turns = eventsByTurn(events);
        run.cases.forEach((entry, caseIndex) => checkCase(entry, turns.get(caseIndex * 2 + 1) ?? []));
        // Piped, nothing else is printed: no reply's markup, no thinking (a terminal gets the progress lines).
        expect(result.stderr, label).toBe('');
      },
      RUN_CEILING_MS,
    );
  }
});
