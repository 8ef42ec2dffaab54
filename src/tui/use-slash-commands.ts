import { useRef, useState, type Dispatch } from 'react';
import type { Agent } from '../agent/agent.js';
import type { SendOptions } from '../kit/slash/slash-command.js';
import { terminalSafeText } from '../safety/terminal-text.js';
import { terminalSafePickerRequest } from './slash/picker.js';
import type { PickerRequest, QuestionRequest } from '../kit/slash/slash-requests.js';
import type { SlashCommand, SlashContext } from './slash/session-slash-command.js';
import { parseSlashInput } from './slash/slash-registry.js';
import type { ViewAction } from './state/reduce-view.js';

export interface OpenPicker {
  /** A picker of its own for each request: one opened as the last closes starts afresh. */
  id: number;
  request: PickerRequest<unknown>;
  resolve(value: unknown): void;
}

export interface OpenQuestion {
  /** As a picker's: a question asked as the last is answered starts empty and unanswered. */
  id: number;
  request: QuestionRequest;
  resolve(answer: string | undefined): void;
}

/** A text attached by a slash command (a saved request, say): it goes with the next message sent. */
export interface Attachment {
  label: string;
  text: string;
}

export interface SlashCommandsSetup {
  agent: Agent;
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  commands: readonly SlashCommand[];
  dispatch: Dispatch<ViewAction>;
  /** `full` to the model, `shown` in the transcript, a run of its own with `options`. */
  send(full: string, shown: string, options?: SendOptions): void;
  openSession(sessionId?: string, notes?: readonly string[]): Promise<void>;
  clearScreen(): void;
  exit(): void;
}

export interface SlashCommands {
  /** Runs `/name args`; an unknown name or a failure is a notice. */
  run(text: string): Promise<void>;
  /** Aborts the slash command under way (Esc, as it interrupts a run); false when none is. */
  cancel(): boolean;
  /** The picker or the question a command opened, waiting for the user. */
  picker: OpenPicker | undefined;
  question: OpenQuestion | undefined;
  pickerDone(value: unknown): void;
  questionDone(answer: string | undefined): void;
  /** The texts commands attached since the last message, taken for the next. */
  takeAttachments(): Attachment[];
}

/** The slash commands of a session: each run with a context of its own, its pickers and questions on screen. */
export function useSlashCommands(setup: SlashCommandsSetup): SlashCommands {
  const { agent, dispatch } = setup;
  const [picker, setPicker] = useState<OpenPicker>();
  const [question, setQuestion] = useState<OpenQuestion>();
  const attachments = useRef<Attachment[]>([]);
  // The slash command under way (a flow, say): Esc aborts it as it interrupts a run.
  const runningCommand = useRef<AbortController | undefined>(undefined);
  const requests = useRef(0);

  const slashContext = (args: string, signal: AbortSignal): SlashContext => ({
    agent,
    projectRoot: setup.projectRoot,
    env: setup.env,
    args,
    signal,
    show: dispatch,
    pick: <T>(request: PickerRequest<T>) =>
      new Promise<T | undefined>((resolve) => {
        setPicker({
          id: ++requests.current,
          request: terminalSafePickerRequest(request) as PickerRequest<unknown>,
          resolve: resolve as (value: unknown) => void,
        });
      }),
    ask: (request) =>
      new Promise<string | undefined>((resolve) => {
        setQuestion({
          id: ++requests.current,
          request: { ...request, title: terminalSafeText(request.title), ...(request.hint !== undefined && { hint: terminalSafeText(request.hint) }) },
          resolve,
        });
      }),
    attach: (label, text) => attachments.current.push({ label, text }),
    openSession: setup.openSession,
    send: async (text, options, shown = text) => setup.send(text, shown, options),
    clearScreen: setup.clearScreen,
    exit: setup.exit,
  });

  const run = async (text: string) => {
    const parsed = parseSlashInput(text);
    const command = parsed && setup.commands.find((c) => c.name === parsed.name);
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

  return {
    run,
    cancel: () => {
      if (!runningCommand.current) return false;
      runningCommand.current.abort();
      return true;
    },
    picker,
    question,
    pickerDone: (value) => {
      setPicker(undefined);
      picker?.resolve(value);
    },
    questionDone: (answer) => {
      setQuestion(undefined);
      question?.resolve(answer);
    },
    takeAttachments: () => attachments.current.splice(0),
  };
}
