// Ink draws outside React's act() in tests, on React's own schedule; its effects (where Ink starts
// listening to the keys) run later still, which a busy machine makes later. These run the render,
// or a key, in act(): when they return, what it caused is drawn and its effects have run. act()
// needs the flag below; it is set only meanwhile, as the rest of the suite renders outside act.
import { act } from 'react';

function withActEnvironment<T>(work: () => T): T {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    return work();
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/** Renders in act(): the first frame drawn and every effect run, so the first key typed is heard. */
export function drawn<T>(render: () => T): T {
  return withActEnvironment(() => {
    let rendered: T | undefined;
    void act(() => {
      rendered = render();
    });
    return rendered as T;
  });
}

/** The real one, taken before any test fakes the timers: React's scheduler runs its work on it. */
const nextTurn = globalThis.setImmediate;

/**
 * Types `keys` (one terminal read) in act(): handled, and its frame drawn, before this resolves.
 * Work React scheduled outside act (a frame drawn when a completion came, and the effect that hands
 * Ink the component's new key handler) runs first: a few event-loop turns, not a time.
 */
export async function typed(stdin: { write(data: string): void }, keys: string): Promise<void> {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => nextTurn(resolve));
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    await act(async () => stdin.write(keys));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = before;
  }
}
