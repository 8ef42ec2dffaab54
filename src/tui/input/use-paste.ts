import { useStdin } from 'ink';
import { useEffect, useRef } from 'react';
import { PASTE_EVENT } from './key-stream.js';

/** Calls `onPaste` with the text of each bracketed paste (the `paste` events of the KeyStream Ink reads). */
export function usePaste(onPaste: (text: string) => void, { isActive }: { isActive: boolean }): void {
  const { stdin } = useStdin();
  const latest = useRef(onPaste);
  latest.current = onPaste;
  useEffect(() => {
    if (!isActive) return;
    const listener = (text: string) => latest.current(text);
    stdin.on(PASTE_EVENT, listener);
    return () => {
      stdin.off(PASTE_EVENT, listener);
    };
  }, [stdin, isActive]);
}
