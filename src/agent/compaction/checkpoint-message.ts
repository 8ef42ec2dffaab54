import type { SessionFacts } from './session-facts.js';

export interface CheckpointParts {
  /** The model's summary, or the last one an earlier checkpoint had when none could be written now. */
  summary?: string;
  summaryIsOld?: boolean;
  /** The replaced messages as stubs, when no model summary was written. */
  elided?: string;
  facts: SessionFacts;
  /** Full references of the tools the model loaded with tool_search. */
  toolReferences?: string;
  sessionFile: string;
  /** The newest entries of each list of facts that are shown; the rest are counted. */
  entriesShown?: number;
}

export const CHECKPOINT_HEADING = '[Checkpoint]';

/** The message that stands in for the replaced history: the model reads it as the start of the conversation. */
export function formatCheckpoint(parts: CheckpointParts): string {
  const { facts } = parts;
  const sections = [
    `${CHECKPOINT_HEADING} The conversation before this point was compacted to fit the model's context window; ` +
      `every message is kept in ${parts.sessionFile}. Continue from here.`,
    parts.summary && `## Summary${parts.summaryIsOld ? ' (from an earlier checkpoint)' : ''}\n${parts.summary}`,
    parts.elided && `## Earlier steps, outputs elided\n${parts.elided}`,
    list('Files read', facts.filesRead, parts.entriesShown),
    list('Files changed', facts.filesChanged, parts.entriesShown),
    list('Requests sent', facts.requests, parts.entriesShown),
    list('Variables set', facts.variables, parts.entriesShown),
    parts.toolReferences && `## Tools loaded with tool_search (call them directly)\n${parts.toolReferences}`,
  ];
  return sections.filter(Boolean).join('\n\n');
}

function list(title: string, entries: readonly string[], shown = entries.length): string | undefined {
  if (entries.length === 0) return undefined;
  const newest = entries.slice(-shown).map((entry) => `- ${entry}`);
  const earlier = entries.length - newest.length;
  return [`## ${title}`, ...(earlier > 0 ? [`- (${earlier} earlier)`] : []), ...newest].join('\n');
}
