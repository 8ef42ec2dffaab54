import { useStdout } from 'ink';
import { useEffect, useInsertionEffect, useState } from 'react';

/** Erases the screen and the scrollback, cursor home. */
export const CLEAR_SCREEN = '\x1b[2J\x1b[3J\x1b[H';

export interface TerminalWidth {
  columns: number;
  /** Grows each time the terminal gets narrower: key the transcript's `<Static>` with it, so it is drawn again. */
  redraws: number;
}

/**
 * The terminal's width, followed as it changes. A terminal that gets narrower wraps again the lines
 * already on screen, so Ink, which erases its last frame by counting the lines it wrote, leaves part
 * of it behind (a second input box), and draws one more frame at the old width before the components
 * learn the new one. So on a narrower terminal the screen is cleared, and the transcript and the
 * frame are drawn again at the new width.
 */
export function useTerminalWidth(): TerminalWidth {
  const { stdout } = useStdout();
  const [width, setWidth] = useState<TerminalWidth>({ columns: stdout.columns || 80, redraws: 0 });
  useEffect(() => {
    const resized = () => {
      const columns = stdout.columns || 80;
      setWidth((previous) => (columns === previous.columns ? previous : { columns, redraws: previous.redraws + (columns < previous.columns ? 1 : 0) }));
    };
    stdout.on('resize', resized);
    return () => {
      stdout.off('resize', resized);
    };
  }, [stdout]);
  // Insertion effects run as React commits, just before Ink writes what the commit changed: here, the
  // whole transcript again (its <Static> has a new key). Anything Ink wrote before is gone with the clear.
  useInsertionEffect(() => {
    if (width.redraws > 0) stdout.write(CLEAR_SCREEN);
  }, [stdout, width.redraws]);
  return width;
}
