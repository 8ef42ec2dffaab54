import { Box, Static, useStdout } from 'ink';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { Agent, SendOptions } from '../agent/agent.js';
import { terminalSafeText, terminalSafeValue } from '../safety/terminal-text.js';
import { attachFiles } from './attach-files.js';
import { type AlwaysPick, describeAlwaysPick } from './components/always-options.js';
import { ConfirmationPanel, confirmationHints } from './components/confirmation-panel.js';
import { EntryView } from './components/entry-view.js';
import { LiveArea } from './components/live-area.js';
import { Splash } from './components/splash.js';
import { StatusBar } from './components/status-bar.js';
import { InputBox } from './input/input-box.js';
import type { InputHistory } from './input/input-history.js';
import { Picker, type PickerRequest, terminalSafePickerRequest } from './slash/picker.js';
import { Question, type QuestionRequest } from './slash/question.js';
import type { SlashCommand, SlashContext } from './slash/slash-command.js';
import { parseSlashInput } from './slash/slash-registry.js';
import { describeAttachedFile } from './state/attached-file-blocks.js';
import type { ViewState } from './state/view-state.js';
import { useAgentView } from './use-agent-view.js';
import { useApiServerFact } from './use-api-server-fact.js';
import { useSessionKeys } from './use-session-keys.js';
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

interface OpenPicker {
  /** A picker of its own for each request: one opened as the last closes starts afresh. */
  id: number;
  request: PickerRequest<unknown>;
  resolve(value: unknown): void;
}

interface OpenQuestion {
  request: QuestionRequest;
  resolve(answer: string | undefined): void;
}

/** Space the input, panels and status bar need below the live area. */
const RESERVED_ROWS = 8;

/** One conversation on screen: transcript, live area, input or panel, and the status bar. */
export function SessionView(props: SessionViewProps) {
  const { agent, projectRoot } = props;
  const [state, dispatch] = useAgentView(agent, props.initialView);
  const apiServer = useApiServerFact(agent);
  const [picker, setPicker] = useState<OpenPicker>();
  const [question, setQuestion] = useState<OpenQuestion>();
  const [showThoughts, setShowThoughts] = useState(true);
  const [expanded, setExpanded] = useState(false);
  const [hiddenBefore, setHiddenBefore] = useState(0);
  // Entries printed to <Static> cannot change: folding or unfolding them prints the transcript again.
  const [printing, setPrinting] = useState(0);
  const attachments = useRef<{ label: string; text: string }[]>([]);
  // Read by key handlers that may still be the previous render's: Ink re-registers them only
  // after the screen already shows the panel, and a quick "y" must not be lost or typed.
  const confirmation = useRef(state.confirmation);
  confirmation.current = state.confirmation;
  const answered = useRef(new Set<string>());
  // The confirmation that lists what "always" may allow (after `a`); a ref for the same reason.
  const [alwaysChoiceFor, setAlwaysChoiceFor] = useState<string>();
  const alwaysChoice = useRef<string | undefined>(undefined);
  const [permissionMode, setPermissionMode] = useState(agent.permissionMode);
  // The slash command under way (a flow, say): Esc aborts it as it interrupts a run.
  const runningCommand = useRef<AbortController | undefined>(undefined);
  const draft = useRef('');
  const pickers = useRef(0);
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

  const answerConfirmation = (approved: boolean, always: AlwaysPick | false) => {
    const pending = confirmation.current;
    if (!pending || answered.current.has(pending.id)) return;
    answered.current.add(pending.id);
    agent.respond(pending.id, approved, always ? { always: always.scope, choice: always.choice } : {});
    const title = approved && always ? `${pending.title} (and always: ${describeAlwaysPick(pending.always, always)})` : pending.title;
    dispatch({ type: 'decision', id: pending.id, title, approved, ...(approved && { preview: pending.preview }) });
  };

  const chooseAlways = () => {
    const pending = confirmation.current;
    if (!pending) return;
    alwaysChoice.current = pending.id;
    setAlwaysChoiceFor(pending.id);
  };

  useSessionKeys({
    agent,
    state,
    dispatch,
    pendingConfirmation: () => confirmation.current,
    choosingAlways: () => confirmation.current !== undefined && alwaysChoice.current === confirmation.current.id,
    chooseAlways,
    answerConfirmation,
    cyclePermissionMode: () => setPermissionMode(agent.cyclePermissionMode()),
    panelOpen: picker !== undefined || question !== undefined || state.confirmation !== undefined,
    cancelCommand: () => {
      if (!runningCommand.current) return false;
      runningCommand.current.abort();
      return true;
    },
    clearScreen,
    inputEmpty: () => draft.current === '',
    rewind: () => void runCommand('/rewind'),
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

  const slashContext = (args: string, signal: AbortSignal): SlashContext => ({
    agent,
    projectRoot,
    env: props.env,
    args,
    signal,
    show: dispatch,
    pick: <T,>(request: PickerRequest<T>) =>
      new Promise<T | undefined>((resolve) => {
        setPicker({ id: ++pickers.current, request: terminalSafePickerRequest(request) as PickerRequest<unknown>, resolve: resolve as (value: unknown) => void });
      }),
    ask: (request) =>
      new Promise<string | undefined>((resolve) => {
        setQuestion({ request: { ...request, title: terminalSafeText(request.title), ...(request.hint !== undefined && { hint: terminalSafeText(request.hint) }) }, resolve });
      }),
    attach: (label, text) => attachments.current.push({ label, text }),
    openSession: props.openSession,
    send: async (text, options, shown = text) => sendPrepared(text, shown, options),
    clearScreen,
    exit: props.exit,
  });

  const runCommand = async (text: string) => {
    const parsed = parseSlashInput(text);
    const command = parsed && props.commands.find((c) => c.name === parsed.name);
    if (!parsed || !command) {
      dispatch({ type: 'notice', tone: 'error', text: `Unknown command ${text.split(/\s/)[0]}. /help lists the commands.` });
      return;
    }
    const controller = new AbortController();
    runningCommand.current = controller;
    try {
      await command.run(slashContext(parsed.args, controller.signal));
    } catch (error) {
      dispatch({ type: 'notice', tone: controller.signal.aborted ? 'info' : 'error', text: `/${command.name}: ${(error as Error).message}` });
    } finally {
      if (runningCommand.current === controller) runningCommand.current = undefined;
    }
  };

  const sendMessage = async (text: string) => {
    const { message, attached, problems } = await attachFiles(projectRoot, text);
    for (const problem of problems) dispatch({ type: 'notice', tone: 'warning', text: `Not attached: ${problem}` });
    const extras = attachments.current.splice(0);
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
    void (text.startsWith('/') ? runCommand(text) : sendMessage(text));
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
              <Splash key="splash" version={props.version} folder={terminalSafeText(projectRoot)} provider={model.provider} model={model.model} hint="Ask anything about your API · / for commands · @ to attach a file" />
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
          choosingAlways={alwaysChoiceFor === state.confirmation.id}
          onChooseAlways={chooseAlways}
          onAnswer={answerConfirmation}
        />
      ) : null}
      {picker ? (
        <Picker
          key={picker.id}
          {...picker.request}
          onDone={(value) => {
            setPicker(undefined);
            picker.resolve(value);
          }}
        />
      ) : question ? (
        <Question
          {...question.request}
          onDone={(answer) => {
            setQuestion(undefined);
            question.resolve(answer);
          }}
        />
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
        context={state.context}
        toolCalls={state.toolCalls}
        runningTool={state.running?.name}
        permissionMode={permissionMode}
        {...(apiServer !== undefined && { apiServer })}
        modelSilentSince={state.modelSilentSince}
        {...(state.confirmation ? { hints: confirmationHints(state.confirmation, alwaysChoiceFor === state.confirmation.id) } : rewindArmed && { hints: 'esc again to rewind' })}
      />
    </Box>
  );
}
