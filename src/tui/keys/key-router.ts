import type { Key } from 'ink';

export type KeyHandler = (input: string, key: Key) => void;
export type PasteHandler = (text: string) => void;

/** One widget's place in the router: the handlers it has now, and whether it takes keys now. */
export interface KeyReceiver {
  onKey?: KeyHandler;
  onPaste?: PasteHandler;
  active: boolean;
}

/**
 * Hands each key and paste to the widgets that take them now, in the order they came on screen.
 * One listener on Ink's input serves the whole tree, so the terminal stays in raw mode from the
 * first frame to the last whichever widgets come and go (Ink counts its listeners to decide), and
 * widgets join and leave as they are committed.
 */
export class KeyRouter {
  private readonly receivers: KeyReceiver[] = [];

  join(receiver: KeyReceiver): () => void {
    this.receivers.push(receiver);
    return () => {
      const at = this.receivers.indexOf(receiver);
      if (at >= 0) this.receivers.splice(at, 1);
    };
  }

  readonly key: KeyHandler = (input, key) => {
    for (const receiver of [...this.receivers]) if (receiver.active) receiver.onKey?.(input, key);
  };

  readonly paste: PasteHandler = (text) => {
    for (const receiver of [...this.receivers]) if (receiver.active) receiver.onPaste?.(text);
  };
}
