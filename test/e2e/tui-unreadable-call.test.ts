// A reply whose tool call Falcon cannot read, in the interactive session (the built binary in a
// pseudo-terminal, colours on): the markup is never the answer. The transcript says in one line that
// the call could not be read and that the model was asked again, and shows what the model wrote
// dimmed, folded to its first line; Ctrl-O unfolds it, markup and all, still dimmed.
import { describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

const FIRST_LINE = 'Let me look at the orders route before I answer.';
// What the model wrote is untrusted: a title-setting sequence in it is shown as text, never obeyed.
const UNREADABLE = `${FIRST_LINE}\n<tool_call>\n<tool_call>\n<tool_call>\u001b]0;pwned\u0007`;
const FOLDED = '<tool_call> … (3 more lines, Ctrl-O)';
const ANSWER = 'The orders route is declared in src/routes/orders.ts.';

let falcon: PtySession | undefined;
const project = useFakeModelProject({
  afterEach: () => {
    falcon?.kill();
    falcon = undefined;
  },
});

async function openSession(): Promise<PtySession> {
  const env = project.sandbox.env();
  delete env.NO_COLOR;
  falcon = startFalconInPty([], { cwd: project.sandbox.project, env, cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
  return falcon;
}

describe('a reply whose tool call cannot be read, in the interactive session', () => {
  it('shows a one-line note and what the model wrote, dimmed and folded, never as the answer; Ctrl-O unfolds it', async () => {
    project.models.script([{ text: UNREADABLE, chunkSize: 6 }, `Final Answer: ${ANSWER}`]);
    const session = await openSession();
    await session.submit('where is the orders route?');
    await session.waitForText(ANSWER);
    await session.waitForText(/● ready/);

    const screen = session.screen();
    // One line, cut to the terminal's width.
    expect(screen).toMatch(/^⚠ Could not read the model's tool call: the <tool_call> block holds no call that can be read\. Ask.*$/m);
    // The thought is shown once; the folded reply starts where the call the model tried begins.
    expect(screen.split(FIRST_LINE)).toHaveLength(2);
    expect(screen).toContain(`  ${FOLDED}`);
    expect(session.isDim(FOLDED)).toBe(true);
    expect(session.isDim(ANSWER)).toBe(false);
    expect(screen).not.toContain('<tool_call>\n<tool_call>');
    // The model was told, and answered on the next turn.
    expect(project.models.requests).toHaveLength(2);
    expect(project.models.requests[1]!.messages.at(-1)!.content).toMatch(/^Observation: Error: could not read a tool call in your reply/);

    session.write('\x0f');
    await session.waitForScreen('the unfolded reply', (text) => text.includes(`${FIRST_LINE}\n  <tool_call>\n  <tool_call>\n  <tool_call>␛]0;pwned^G`));
    expect(session.isDim('  <tool_call>')).toBe(true);
    expect(session.screen()).toContain(ANSWER);
    expect(session.output()).not.toContain('\u001b]0;pwned');
  });
});
