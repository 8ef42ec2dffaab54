import { render } from 'ink';
import { summarizeSessions } from '../workspace/session-summaries.js';
import { KeyStream } from './input/key-stream.js';
import { KeyRouterProvider } from './keys/use-keys.js';
import { Picker, terminalSafePickerRequest } from './slash/picker.js';
import { SESSIONS_LISTED, sessionPickerItems } from './slash/session-listing.js';

/** `chosen`: that session's id; `none`: the project has no saved session; `cancelled`: Esc or Ctrl-C. */
export type SessionChoice = { chosen: string } | 'none' | 'cancelled';

/** `falcon --resume` without an id: the project's sessions to choose from, before the session opens. */
export async function chooseSession(projectRoot: string): Promise<SessionChoice> {
  const sessions = await summarizeSessions(projectRoot, SESSIONS_LISTED);
  if (sessions.length === 0) return 'none';
  const request = terminalSafePickerRequest({ title: 'Resume which session?', items: sessionPickerItems(sessions, new Date()) });
  let choice: SessionChoice = 'cancelled';
  const instance = render(
    <KeyRouterProvider>
      <Picker
        {...request}
        onDone={(id) => {
          if (id !== undefined) choice = { chosen: id };
          // Off the screen before the session draws its own.
          instance.clear();
          instance.unmount();
        }}
      />
    </KeyRouterProvider>,
    { stdin: new KeyStream(process.stdin) as unknown as NodeJS.ReadStream },
  );
  await instance.waitUntilExit();
  return choice;
}
