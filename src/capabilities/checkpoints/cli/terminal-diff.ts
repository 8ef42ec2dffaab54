import type { DiffLine, DiffTone } from '../../../engines/checkpoints/describe-changes.js';
import type { styleFor } from '../../../kit/command/terminal-style.js';
import { maskText } from '../../../safety/mask-text.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';

type Paint = ReturnType<typeof styleFor>;

const STYLE: Record<DiffTone, Parameters<Paint>[0] | undefined> = {
  file: 'bold',
  hunk: 'cyan',
  added: 'green',
  removed: 'red',
  muted: 'dim',
  plain: undefined,
};

/** Diff lines for a terminal: what looks like a secret masked, control characters shown as text, coloured when the stream shows colours. */
export function paintDiffLines(lines: readonly DiffLine[], paint: Paint): string {
  return lines
    .map(({ text, tone }) => {
      const safe = terminalSafeText(maskText(text));
      const style = STYLE[tone];
      return style ? paint(style, safe) : safe;
    })
    .join('\n');
}
