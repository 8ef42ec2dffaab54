import { useInput, useStdin } from 'ink';
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PASTE_EVENT } from '../input/key-stream.js';
import { KeyRouter, type KeyHandler, type KeyReceiver, type PasteHandler } from './key-router.js';

const RouterContext = createContext<KeyRouter | undefined>(undefined);

/** Above every widget that reads keys: the one listener on Ink's input (and the KeyStream's pastes) for the whole tree. */
export function KeyRouterProvider({ children }: { children: ReactNode }) {
  const [router] = useState(() => new KeyRouter());
  const { stdin } = useStdin();
  useInput(router.key);
  useEffect(() => {
    stdin.on(PASTE_EVENT, router.paste);
    return () => {
      stdin.off(PASTE_EVENT, router.paste);
    };
  }, [stdin, router]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/**
 * This widget's keys and pastes, in place of Ink's useInput: no listener of its own to attach and
 * detach as the widget renders, mounts and unmounts; its handlers change in the commit that draws it.
 */
export function useKeys(handlers: { onKey?: KeyHandler; onPaste?: PasteHandler }, { isActive = true }: { isActive?: boolean } = {}): void {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useKeys needs a KeyRouterProvider above it');
  const receiver = useRef<KeyReceiver>({ active: false });
  useLayoutEffect(() => {
    receiver.current.onKey = handlers.onKey;
    receiver.current.onPaste = handlers.onPaste;
    receiver.current.active = isActive;
  });
  useLayoutEffect(() => router.join(receiver.current), [router]);
}
