// Reply shapes as models really write them, one fixture file per family. The entries were written for
// this corpus after studying public transcripts, issues and parser sources of each family; none is copied.
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseReply } from '../../src/agent/parse-reply.js';

interface Entry {
  shape: string;
  reply: string;
  expect: {
    kind: 'call' | 'bad_call' | 'answer';
    name?: string;
    args?: Record<string, unknown>;
    text?: string;
    thought?: string;
    thinking?: string;
    unclosedThinking?: true;
    /** For call: the names of the calls after the first, which do not run. */
    laterCalls?: string[];
    /** For bad_call: a phrase the problem must contain. */
    problem?: string;
  };
}

const tools = new Set([
  'read_file',
  'write_file',
  'edit_file',
  'list_files',
  'search_code',
  'find_handler',
  'http_request',
  'run_tests',
  'bash',
]);

const FAMILIES: Array<[file: string, family: string]> = [
  // <think> / lone </think> / empty blocks, Hermes <tool_call>, Qwen-Agent ReAct, Qwen3-Coder XML.
  ['qwen.yaml', 'Qwen'],
  // bare {"name", "parameters"}, <|python_tag|>, <function=…>, [name(key=value)], Markdown markers.
  ['llama.yaml', 'Llama'],
  // [TOOL_CALLS] arrays and name[ARGS]{…}, [THINK] blocks, single quotes.
  ['mistral.yaml', 'Mistral'],
  // ```tool_code Python calls, fenced JSON, Gemma 4 thought channel and <|tool_call> tokens.
  ['gemma.yaml', 'Gemma'],
  // long or cut-off <think>, calls drafted in thinking, <｜tool▁call▁begin｜> tokens.
  ['deepseek.yaml', 'DeepSeek'],
  // harmony channels with and without special tokens, to=functions.name calls.
  ['gpt-oss.yaml', 'gpt-oss'],
  // what every family does with our ACTION / Final Answer protocol.
  ['react-protocol.yaml', 'any model, our protocol'],
];

function load(file: string): Entry[] {
  return parseYaml(readFileSync(new URL(`../fixtures/replies/${file}`, import.meta.url), 'utf8')) as Entry[];
}

function expected(entry: Entry): Record<string, unknown> {
  const { problem, ...rest } = entry.expect;
  return problem === undefined ? rest : { ...rest, problem: expect.stringContaining(problem) };
}

const corpus = FAMILIES.map(([file, family]) => ({ family, entries: load(file) }));

describe('reply corpus', () => {
  it('holds at least 60 reply shapes', () => {
    expect(corpus.reduce((sum, { entries }) => sum + entries.length, 0)).toBeGreaterThanOrEqual(60);
  });

  for (const { family, entries } of corpus) {
    describe(family, () => {
      it.each(entries.map((entry) => [entry.shape, entry] as const))('%s', (_shape, entry) => {
        expect(parseReply(entry.reply, tools)).toStrictEqual(expected(entry));
      });
    });
  }
});
