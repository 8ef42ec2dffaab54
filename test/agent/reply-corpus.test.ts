// The reply corpus (test/support/reply-corpus.ts) through the parser, with the session's own tools:
// what each reply is read as. test/e2e/reply-corpus.test.ts runs the same cases through the binary.
import { describe, it, expect } from 'vitest';
import { parseReply } from '../../src/agent/parse-reply.js';
import { replyToolsOf } from '../../src/agent/reply/reply-tools.js';
import { createDefaultTools, createToolRegistry } from '../../src/tools/registry.js';
import { loadReplyCorpus, type ReplyCase } from '../support/reply-corpus.js';

const tools = replyToolsOf(createToolRegistry(createDefaultTools()));

function expected(entry: ReplyCase): Record<string, unknown> {
  const { problem, ...rest } = entry.expect;
  return problem === undefined ? rest : { ...rest, problem: expect.stringContaining(problem) };
}

const corpus = loadReplyCorpus();

describe('reply corpus', () => {
  it('holds at least 160 reply shapes, each citing its public source', () => {
    expect(corpus.reduce((sum, { cases }) => sum + cases.length, 0)).toBeGreaterThanOrEqual(160);
  });

  for (const { family, cases } of corpus) {
    describe(family, () => {
      it.each(cases.map((entry) => [entry.shape, entry] as const))('%s', (_shape, entry) => {
        expect(parseReply(entry.reply, tools)).toStrictEqual(expected(entry));
      });
    });
  }
});
