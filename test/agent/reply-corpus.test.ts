// The reply corpus (test/support/reply-corpus.ts) through the parser, with the session's own tools:
// what each reply is read as. test/e2e/reply-corpus.test.ts runs the same cases through the binary.
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { parseReply } from '../../src/agent/parse-reply.js';
import { replyToolsOf } from '../../src/agent/reply/reply-tools.js';
import { createToolRegistry } from '../../src/kit/tool/tool-registry.js';
import { loadDefaultTools } from '../../src/agent/default-tools.js';
import { loadReplyCorpus, type ReplyCase } from '../support/reply-corpus.js';

const tools = replyToolsOf(createToolRegistry(await loadDefaultTools()));

function expected(entry: ReplyCase): Record<string, unknown> {
  const { problem, ...rest } = entry.expect;
  return problem === undefined ? rest : { ...rest, problem: expect.stringContaining(problem) };
}

const corpus = loadReplyCorpus();

describe('reply corpus', () => {
  it('holds at least 160 reply shapes, each citing its public source', () => {
    expect(corpus.reduce((sum, { cases }) => sum + cases.length, 0)).toBeGreaterThanOrEqual(160);
  });

  it('lists in SOURCES.md, family by family, exactly the pages the cases cite', () => {
    const listed = readFileSync(new URL('../fixtures/replies/SOURCES.md', import.meta.url), 'utf8');
    const sections = listed.split(/^## /m).slice(1);
    expect(sections.map((section) => section.split('\n', 1)[0])).toEqual(
      corpus.map(({ family, file, cases }) => `${family} (\`${file}\`, ${cases.length} cases)`),
    );
    for (const [index, { cases }] of corpus.entries()) {
      const urls = [...sections[index]!.matchAll(/^- (\S+)$/gm)].map((match) => match[1]);
      expect(urls).toEqual([...new Set(cases.map((entry) => entry.source))]);
    }
  });

  for (const { family, cases } of corpus) {
    describe(family, () => {
      it.each(cases.map((entry) => [entry.shape, entry] as const))('%s', (_shape, entry) => {
        expect(parseReply(entry.reply, tools)).toStrictEqual(expected(entry));
      });
    });
  }
});
