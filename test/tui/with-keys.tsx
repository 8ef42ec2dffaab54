import type { ReactElement } from 'react';
import { KeyRouterProvider } from '../../src/tui/keys/use-keys.js';

/** A widget that reads keys, under the router the session puts above it. */
export function withKeys(element: ReactElement): ReactElement {
  return <KeyRouterProvider>{element}</KeyRouterProvider>;
}
