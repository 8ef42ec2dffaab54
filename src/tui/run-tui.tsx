import { render } from 'ink';
import { useState } from 'react';
import type { Agent } from '../agent/agent.js';
import { openAgent, type OpenAgentOptions } from '../agent/open-agent.js';
import { stopRunningCommands } from '../engines/exec/running-commands.js';
import { type EndingSignal, exitCodeForSignal, handleEndingSignals } from '../kit/command/ending-signals.js';
import { terminalSafeText } from '../safety/terminal-text.js';
import { chooseSession } from './choose-session.js';
import { startBracketedPaste } from './input/bracketed-paste-mode.js';
import { InputHistory } from './input/input-history.js';
import { KeyRouterProvider } from './keys/use-keys.js';
import { KeyStream } from './input/key-stream.js';
import { createFileCompleter } from './input/project-file-completer.js';
import type { SlashCommand } from './slash/session-slash-command.js';
import { loadSlashCommands } from './slash/slash-registry.js';
import { SessionView } from './session-view.js';
import { viewFromSession } from './state/transcript-from-session.js';
import { initialViewState, type ViewState } from './state/view-state.js';
import { CLEAR_SCREEN } from './use-terminal-width.js';
import { falconHome } from '../config/falcon-home.js';

export interface TuiOptions extends Omit<OpenAgentOptions, 'resume'> {
  resume?: OpenAgentOptions['resume'];
  /** `falcon --resume` without an id: the user chooses the session first. */
  chooseSession?: boolean;
  version: string;
}

interface OpenSession {
  /** Counts the sessions opened: a session opened again (after a rewind) is drawn afresh. */
  opening: number;
  agent: Agent;
  initialView: () => ViewState;
}

/** What a command gets between SIGTERM and SIGKILL when the session ends on a signal. */
const SIGNAL_GRACE_MS = 250;

/** The interactive session. Resolves with the exit code once the user leaves. */
export async function runTui(options: TuiOptions): Promise<number> {
  const { projectRoot } = options;
  let openings = 0;
  const open = async (resume: OpenAgentOptions['resume'], notes: readonly string[] = [], fork = false): Promise<OpenSession> => {
    const { agent, warnings, session, forkedFrom } = await openAgent({ ...options, resume, fork });
    const records = session.loadedRecords;
    const initialView = () => {
      const view = records.length ? viewFromSession(records) : initialViewState();
      const forkNote = forkedFrom
        ? [`A fork of session ${forkedFrom}: this is session ${agent.sessionId}; the original is left as it was (falcon --resume ${forkedFrom}).`]
        : [];
      const notices = [
        ...[...notes, ...forkNote].map((text) => ({ tone: 'info' as const, text })),
        ...warnings.map((text) => ({ tone: 'warning' as const, text: terminalSafeText(text) })),
      ].map((notice, i) => ({ kind: 'notice' as const, id: `w${i}`, ...notice }));
      return { ...view, entries: [...notices, ...view.entries], nextId: view.nextId + notices.length };
    };
    return { opening: ++openings, agent, initialView };
  };

  let resume = options.resume;
  const notes: string[] = [];
  if (options.chooseSession) {
    const choice = await chooseSession(projectRoot);
    if (choice === 'cancelled') {
      process.stdout.write('No session resumed.\n');
      return 0;
    }
    if (choice === 'none') notes.push('No saved sessions in this project yet: this is a new one.');
    else resume = choice.chosen;
  }

  const [opened, history] = await Promise.all([open(resume, notes, options.fork), InputHistory.load(projectRoot)]);
  const commandWarnings: string[] = [];
  const commands = await loadSlashCommands(projectRoot, {
    falconHome: falconHome(options.env),
    trusted: opened.agent.trustedProject,
    warn: (message) => commandWarnings.push(message),
  });
  const first: OpenSession = { ...opened, initialView: () => withWarnings(opened.initialView(), commandWarnings) };
  history.maskWith(first.agent.engineContext().secrets);
  const completeFiles = createFileCompleter(projectRoot);
  let current = first;
  let instance: ReturnType<typeof render> | undefined;

  const clearScreen = () => {
    instance?.clear();
    process.stdout.write(CLEAR_SCREEN);
  };

  function Root({ commandList }: { commandList: readonly SlashCommand[] }) {
    const [session, setSession] = useState(first);
    const openSession = async (sessionId?: string, sessionNotes?: readonly string[]) => {
      await session.agent.dispose();
      const next = await open(sessionId, sessionNotes);
      next.agent.permissionMode = session.agent.permissionMode;
      history.maskWith(next.agent.engineContext().secrets);
      current = next;
      clearScreen();
      setSession(next);
    };
    return (
      <SessionView
        key={session.opening}
        agent={session.agent}
        initialView={session.initialView}
        projectRoot={projectRoot}
        env={options.env}
        version={options.version}
        history={history}
        commands={commandList}
        completeFiles={completeFiles}
        openSession={openSession}
        clearScreen={clearScreen}
        exit={() => {
          void session.agent.dispose().finally(() => instance?.unmount());
        }}
      />
    );
  }

  // Ctrl-C is a key here; `kill` and a closed terminal end the session, but not before the running
  // command and every process it started are stopped.
  let endedBy: EndingSignal | undefined;
  const stopHandlingSignals = handleEndingSignals(['SIGTERM', 'SIGHUP'], (signal) => {
    endedBy = signal;
    current.agent.cancel();
    void stopRunningCommands(SIGNAL_GRACE_MS)
      .finally(() => current.agent.dispose())
      .finally(() => instance?.unmount());
  });
  const stopBracketedPaste = startBracketedPaste(process.stdout);
  instance = render(
    <KeyRouterProvider>
      <Root commandList={commands} />
    </KeyRouterProvider>,
    {
      // Ink takes one read for one key; KeyStream cuts the terminal's reads into keys and pastes.
      stdin: new KeyStream(process.stdin) as unknown as NodeJS.ReadStream,
      exitOnCtrlC: false,
      maxFps: 30,
      kittyKeyboard: { mode: 'auto', flags: ['disambiguateEscapeCodes'] },
    },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    stopBracketedPaste();
    stopHandlingSignals();
  }
  process.stdout.write(`Session saved. Continue it with: falcon --resume ${current.agent.sessionId}\n`);
  return endedBy ? exitCodeForSignal(endedBy) : 0;
}

/** The view with warnings on top (the custom command files refused). */
function withWarnings(view: ViewState, warnings: readonly string[]): ViewState {
  const notices = warnings.map((text, i) => ({ kind: 'notice' as const, id: `c${i}`, tone: 'warning' as const, text: terminalSafeText(text) }));
  return { ...view, entries: [...notices, ...view.entries], nextId: view.nextId + notices.length };
}
