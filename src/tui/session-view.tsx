import { Box, Static, useStdout } from 'ink';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Agent } from '../agent/agent.js';
import type { SendOptions } from '../kit/slash/slash-command.js';
import { terminalSafeText, terminalSafeValue } from '../safety/terminal-text.js';
import { attachFiles } from './attach-files.js';
import { ConfirmationPanel, confirmationHints } from './components/confirmation-panel.js';
import { EntryView } from './components/entry-view.js';
import { LiveArea } from './components/live-area.js';
import { Splash } from './components/splash.js';
import { StatusBar } from './components/status-bar.js';
import { InputBox } from './input/input-box.js';
import type { InputHistory } from './input/input-history.js';
import { Picker } from './slash/picker.js';
import { Question } from './slash/question.js';
import type { SlashCommand } from './slash/session-slash-command.js';
import { describeAttachedFile } from './state/attached-file-blocks.js';
import type { ViewState } from './state/view-state.js';
import { useAgentView } from './use-agent-view.js';
import { useApiServerFact } from './use-api-server-fact.js';
import { useConfirmation } from './use-confirmation.js';
import { useSessionKeys } from './use-session-keys.js';
import { useSlashCommands } from './use-slash-commands.js';
import { useTerminalWidth } from './use-terminal-width.js';

export interface SessionViewProps {
  agent: Agent;
  initialView: () => ViewState;
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  version: string;
  history: InputHistory;
  commands: readonly SlashCommand[];
  completeFiles: (prefix: string) => Promise<string[]>;
  openSession(sessionId?: string, notes?: readonly string[]): Promise<void>;
  clearScreen(): void;
  exit(): void;
}

/** Space the input, panels and status bar need below the live area. */
const RESERVED_ROWS = 8;

/** One conversation on screen: transcript, live area, input or panel, and the status bar. */
export function SessionView(props: SessionViewProps) {
  const { agent, projectRoot } = props;
  const [state, dispatch] = useAgentView(agent, props.initialView);
  const apiServer = useApiServerFact(agent);
  const [showThoughts, setShowThoughts] = useState(true);
  const [expanded, setExpanded] = useState(false);
  const [hiddenBefore, setHiddenBefore] = useState(0);
  // Entries printed to <Static> cannot change: folding or unfolding them prints the transcript again.
  const [printing, setPrinting] = useState(0);
  const confirmation = useConfirmation(agent, state.confirmation, dispatch);
  const [permissionMode, setPermissionMode] = useState(agent.permissionMode);
  const draft = useRef('');
  const [rewindArmed, setRewindArmed] = useState(false);
  const { stdout } = useStdout();
  const terminal = useTerminalWidth();
  const width = Math.max(terminal.columns, 20);
  const rows = stdout.rows || 24;

  const clearScreen = useCallback(() => {
    props.clearScreen();
    setHiddenBefore(state.entries.length);
  }, [props, state.entries.length]);

  const reprint = useCallback(() => {
    props.clearScreen();
    setPrinting((count) => count + 1);
  }, [props]);

  const slash = useSlashCommands({
    agent,
    projectRoot,
    env: props.env,
    commands: props.commands,
    dispatch,
    send: (full, shown, options) => sendPrepared(full, shown, options),
    openSession: props.openSession,
    clearScreen,
    exit: props.exit,
  });

  useSessionKeys({
    agent,
    state,
    dispatch,
    pendingConfirmation: confirmation.pending,
    choosingAlways: confirmation.choosingAlways,
    chooseAlways: confirmation.chooseAlways,
    answerConfirmation: confirmation.answer,
    cyclePermissionMode: () => setPermissionMode(agent.cyclePermissionMode()),
    panelOpen: slash.picker !== undefined || slash.question !== undefined || state.confirmation !== undefined,
    cancelCommand: slash.cancel,
    clearScreen,
    inputEmpty: () => draft.current === '',
    rewind: () => void slash.run('/rewind'),
    rewindArmed: setRewindArmed,
    toggleExpanded: () => {
      setExpanded((shown) => !shown);
      reprint();
    },
    toggleThoughts: () => {
      setShowThoughts((shown) => !shown);
      reprint();
    },
    exit: props.exit,
  });

  const sendMessage = async (text: string) => {
    const { message, attached, problems } = await attachFiles(projectRoot, text);
    for (const problem of problems) dispatch({ type: 'notice', tone: 'warning', text: `Not attached: ${problem}` });
    const extras = slash.takeAttachments();
    const full = [message, ...extras.map((extra) => extra.text)].join('\n\n');
    const display = [text, ...attached.map(describeAttachedFile), ...extras.map((extra) => `↳ ${extra.label}`)].join('\n');
    sendPrepared(full, display);
  };

  /** `full` to the model (queued while it works), `display` in the transcript; a run of its own with `options`. */
  const sendPrepared = (full: string, display: string, options?: SendOptions) => {
    if (agent.busy) {
      agent.steer(full);
      dispatch({ type: 'queued_message', text: display });
      return;
    }
    dispatch({ type: 'user_message', text: display });
    agent.send(full, options).catch((error: unknown) => {
      dispatch({ type: 'notice', tone: 'error', text: (error as Error).message });
    });
  };

  const onSubmit = (text: string) => {
    void (text.startsWith('/') ? slash.run(text) : sendMessage(text));
  };

  const staticItems = useMemo(() => ['splash' as const, ...state.entries.slice(hiddenBefore)], [state.entries, hiddenBefore]);
  // The view state is terminal-safe (see reduceView); what is read from the agent here is made so too.
  const model = terminalSafeValue(agent.currentModel);
  const environment = agent.environment === undefined ? undefined : terminalSafeText(agent.environment);
  const liveLines = Math.max(rows - RESERVED_ROWS, 3);
  // While a confirmation is open the panel needs the room; the live area then holds a few lines.
  const livePaneLines = state.confirmation ? 3 : liveLines;

  return (
    <Box flexDirection="column">
      <Static key={`${hiddenBefore}:${terminal.redraws}:${printing}`} items={staticItems}>
        {(item) =>
          item === 'splash' ? (
            hiddenBefore === 0 ? (
              <Splash
                key="splash"
                version={props.version}
                folder={terminalSafeText(projectRoot)}
                provider={model.provider}
                model={model.model}
                hint="Ask anything about your API · / for commands · @ to attach a file"
              />
            ) : (
              <Box key="splash" />
            )
          ) : (
            <EntryView key={item.id} entry={item} width={width} showThoughts={showThoughts} expanded={expanded} />
          )
        }
      </Static>
      <LiveArea state={state} width={width} maxLines={livePaneLines} showThoughts={showThoughts} />
      {state.confirmation ? (
        <ConfirmationPanel
          confirmation={state.confirmation}
          height={Math.max(liveLines - 3, 6)}
          choosingAlways={confirmation.alwaysChoiceFor === state.confirmation.id}
          onChooseAlways={confirmation.chooseAlways}
          onAnswer={confirmation.answer}
        />
      ) : null}
      {slash.picker ? (
        <Picker key={slash.picker.id} {...slash.picker.request} onDone={slash.pickerDone} />
      ) : slash.question ? (
        <Question key={slash.question.id} {...slash.question.request} onDone={slash.questionDone} />
      ) : (
        <InputBox
          width={width}
          locked={state.confirmation !== undefined}
          placeholder={agent.busy ? 'Falcon is working: type to queue a message, esc to interrupt' : 'Ask about your API…'}
          history={props.history}
          commands={props.commands}
          completeFiles={props.completeFiles}
          onSubmit={onSubmit}
          onDraftChange={(text) => {
            draft.current = text;
          }}
        />
      )}
      <StatusBar
        status={state.status}
        provider={model.provider}
        model={model.model}
        environment={environment}
        usage={state.usage}
        {...(state.usage.calls > 0 && { cost: state.usage.costUsd })}
        context={state.context}
        toolCalls={state.toolCalls}
        runningTool={state.running?.name}
        permissionMode={permissionMode}
        {...(apiServer !== undefined && { apiServer })}
        modelSilentSince={state.modelSilentSince}
        {...(state.confirmation
          ? { hints: confirmationHints(state.confirmation, confirmation.alwaysChoiceFor === state.confirmation.id) }
          : rewindArmed && { hints: 'esc again to rewind' })}
      />
    </Box>
  );
}
