// A long Markdown answer streamed through the built binary in a pseudo-terminal (no colour): the
// transcript it leaves is the one recorded before the streaming tail was rendered a block at a
// time (test/fixtures/tui/streamed-markdown-transcript.txt), and the screen is never cleared.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { longMarkdownAnswer } from '../support/long-markdown-answer.mjs';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

const TRANSCRIPT = new URL('../fixtures/tui/streamed-markdown-transcript.txt', import.meta.url);
const ANSWER = longMarkdownAnswer(8000);
const LAST_LINE = 'In short: every handler needs the same two guards';
const CLEAR_SCREEN = '\u001b[2J';

let falcon: PtySession | undefined;
const project = useFakeModelProject({
  afterEach: () => {
    falcon?.kill();
    falcon = undefined;
  },
});

/** The transcript of one question: the lines between the question and the input box. */
function transcriptAfter(question: string, screen: string): string {
  const lines = screen.split('\n');
  const start = lines.indexOf(`› ${question}`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('╭'));
  return `${lines
    .slice(start + 1, end)
    .join('\n')
    .trim()}\n`;
}

async function streamAnswer(chunkSize: number, chunkDelayMs: number): Promise<PtySession> {
  project.models.script([{ text: `Final Answer: ${ANSWER}`, chunkSize, chunkDelayMs }]);
  falcon = startFalconInPty([], { cwd: project.sandbox.project, env: project.sandbox.env(), cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
  await falcon.submit('review the API');
  await falcon.waitForText(LAST_LINE, 20_000);
  await falcon.waitForText(/● ready/);
  return falcon;
}

describe('a long Markdown answer streamed into the interactive session', () => {
  // Heads move into the transcript as deltas arrive, so the chunks' size is the recording's; their
  // pace, and so how many a frame folds in, must not matter.
  it.each([0, 3])('leaves the recorded transcript, in chunks of 7 characters every %i ms', async (chunkDelayMs) => {
    const session = await streamAnswer(7, chunkDelayMs);
    expect(transcriptAfter('review the API', session.screen())).toBe(await readFile(TRANSCRIPT, 'utf8'));
    expect(session.output()).not.toContain(CLEAR_SCREEN);
  });
});
