import { mapStrings } from '../../safety/mask-structured.js';
import type { ToolResultDetails } from '../../workspace/tool-result-details.js';

/**
 * What a tool call gives back: `text`, the observation the model reads, and `details`, what the
 * screen shows of it beyond the text (the TUI's result line, headless output, the session file, the
 * dashboard), of a kind every front end knows (`workspace/tool-result-details.ts`).
 */
export interface ToolResult<Details extends ToolResultDetails = ToolResultDetails> {
  text: string;
  details?: Details;
}

/** What `Tool.run` resolves to: a result, or its text alone for a tool with nothing more to show. */
export type RunOutcome<Details extends ToolResultDetails = ToolResultDetails> = string | ToolResult<Details>;

/** The result of what a tool's run resolved to. */
export function toolResult<Details extends ToolResultDetails>(outcome: RunOutcome<Details>): ToolResult<Details> {
  return typeof outcome === 'string' ? { text: outcome } : outcome;
}

/** The same result with its text changed (a note put before it); its details stay. */
export function withText<Details extends ToolResultDetails>(outcome: RunOutcome<Details>, text: (text: string) => string): ToolResult<Details> {
  const result = toolResult(outcome);
  return { ...result, text: text(result.text) };
}

/** What a run resolved to, masked by `mask`: its text and every string of its details alike, so the screen shows nothing the model would not read. */
export function maskedResult<Outcome extends RunOutcome>(outcome: Outcome, mask: (text: string) => string): Outcome {
  if (typeof outcome === 'string') return mask(outcome) as Outcome;
  const { text, details } = outcome;
  return { text: mask(text), ...(details && { details: mapStrings(details, mask) }) } as Outcome;
}
