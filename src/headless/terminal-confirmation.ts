import { createInterface } from 'node:readline/promises';
import type { Preview } from '../kit/tool/preview.js';
import { terminalSafeText, terminalSafeValue } from '../safety/terminal-text.js';
import { styleFor } from '../kit/command/terminal-style.js';

/**
 * Shows a preview on the terminal and asks y/N. Anything but y/yes declines. Control characters in
 * the preview are shown as text, so what is asked about is exactly what would run or be written.
 */
export async function askOnTerminal(title: string, preview: Preview, signal: AbortSignal): Promise<boolean> {
  const out = process.stderr;
  out.write(`\n${renderPreview(terminalSafeValue(preview), styleFor(out))}\n`);
  const prompt = createInterface({ input: process.stdin, output: out });
  // readline swallows Ctrl-C while it reads; pass it on so the run is interrupted as usual.
  prompt.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  try {
    // The preview above shows a multi-line command whole; the question stays on one line.
    const question = terminalSafeText(title).replace(/\n/g, '⏎');
    const answer = await prompt.question(`Allow: ${question}? [y/N] `, { signal });
    return /^y(es)?$/i.test(answer.trim());
  } catch {
    return false;
  } finally {
    prompt.close();
  }
}

function renderPreview(preview: Preview, style: ReturnType<typeof styleFor>): string {
  switch (preview.kind) {
    case 'command':
      return [`$ ${preview.command}`, ...(preview.background ? ['(in the background: it runs until it ends, is stopped, or the session ends)'] : [])].join(
        '\n',
      );
    case 'info':
      return `${preview.title}\n${preview.details}`;
    case 'diff':
      return [
        style('bold', `${preview.isNew ? 'New file' : 'Change'}: ${preview.path}`),
        ...preview.diff.split('\n').map((line) => colourDiffLine(line, style)),
      ].join('\n');
  }
}

function colourDiffLine(line: string, style: ReturnType<typeof styleFor>): string {
  if (line.startsWith('+++') || line.startsWith('---')) return style('bold', line);
  if (line.startsWith('+')) return style('green', line);
  if (line.startsWith('-')) return style('red', line);
  if (line.startsWith('@@')) return style('cyan', line);
  return line;
}
