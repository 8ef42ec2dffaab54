// One compaction: the older part of the history gives way to a checkpoint, the recent part stays
// verbatim. The model writes the checkpoint's summary when it can; otherwise the replaced steps are
// listed with their outputs elided. Either way the facts read from the tool calls are named.
import type { ChatModel } from '../../llm/chat-model.js';
import type { CompactionMethod } from '../events.js';
import type { ChatMessage } from '../../llm/chat-message.js';
import { type CheckpointParts, formatCheckpoint } from './checkpoint-message.js';
import { elidedSteps } from './elided-steps.js';
import { keptTailStart } from './kept-tail.js';
import { addFacts, type FactTools, noFacts, type SessionFacts } from './session-facts.js';
import { summarizeHistory } from './summarize-history.js';
import { toolStepsOf } from './tool-steps.js';

/** The whole checkpoint may take this many times the summary's room: the summary, then the facts. */
const FACTS_ROOM = 1.5;
const ENTRIES_SHOWN = [40, 20, 10, 5, 2];

/** What a compaction leaves for the next one. */
export interface CompactionState {
  facts: SessionFacts;
  summary?: string;
}

export interface CompactionInput {
  history: readonly ChatMessage[];
  systemPrompt: string;
  model: ChatModel;
  previous: CompactionState | undefined;
  /** The conversation's tools: the calls' names, and the facts each declares. */
  tools: FactTools;
  /** Full references of tools by name, for the tools the model loaded with tool_search. */
  describeTools(names: readonly string[]): string;
  sessionFile: string;
  keepRecentTokens: number;
  checkpointTokens: number;
  requestLimit: number;
  estimate(messages: readonly ChatMessage[]): number;
  signal: AbortSignal;
}

export interface Compaction {
  /** Messages at the start of the history the checkpoint replaces. */
  replaced: number;
  checkpoint: string;
  state: CompactionState;
  method: CompactionMethod;
}

/** Undefined when the history is too short to compact. */
export async function compactHistory(input: CompactionInput): Promise<Compaction | undefined> {
  const { history, estimate } = input;
  const replaced = keptTailStart(history, input.keepRecentTokens, estimate);
  if (replaced === 0) return undefined;
  const head = history.slice(0, replaced);
  const previous = input.previous ?? { facts: noFacts() };
  const facts = addFacts(previous.facts, toolStepsOf(head, input.tools.names), input.tools);
  const estimateText = (text: string) => estimate([{ role: 'user', content: text }]);

  const summary = await summarizeHistory({
    model: input.model,
    systemPrompt: input.systemPrompt,
    replaced: head,
    requestLimit: input.requestLimit,
    summaryTokens: input.checkpointTokens,
    estimate,
    estimateText,
    signal: input.signal,
  });
  const toolReferences = facts.toolsLoaded.length ? input.describeTools(facts.toolsLoaded) : undefined;
  const fitted = (parts: Omit<CheckpointParts, 'facts' | 'sessionFile' | 'toolReferences'>) =>
    fitFacts({ ...parts, facts, toolReferences, sessionFile: input.sessionFile }, input.checkpointTokens * FACTS_ROOM, estimateText);
  if (summary) {
    const text = cut(summary.text, input.checkpointTokens, estimateText);
    return { replaced, checkpoint: formatCheckpoint(fitted({ summary: text })), state: { facts, summary: text }, method: summary.method };
  }
  const old = fitted({ summary: previous.summary, summaryIsOld: true });
  const elided = elidedSteps(head, input.sessionFile, Math.max(0, input.checkpointTokens - estimateText(formatCheckpoint(old))), estimateText);
  return {
    replaced,
    checkpoint: formatCheckpoint({ ...old, elided }),
    state: { facts, summary: previous.summary },
    method: 'elision',
  };
}

/** Fewer of each list's older entries until the checkpoint fits `tokens` (the tools' references always stay). */
function fitFacts(parts: CheckpointParts, tokens: number, estimateText: (text: string) => number): CheckpointParts {
  for (const entriesShown of ENTRIES_SHOWN) {
    const candidate = { ...parts, entriesShown };
    if (estimateText(formatCheckpoint(candidate)) <= tokens) return candidate;
  }
  return { ...parts, entriesShown: ENTRIES_SHOWN.at(-1) };
}

/** A summary longer than asked for is cut at a line end within its room. */
function cut(text: string, tokens: number, estimateText: (text: string) => number): string {
  if (estimateText(text) <= tokens) return text;
  const ratio = tokens / estimateText(text);
  const head = text.slice(0, Math.floor(text.length * ratio));
  const lineEnd = head.lastIndexOf('\n');
  return `${lineEnd > head.length / 2 ? head.slice(0, lineEnd) : head}\n…`;
}
