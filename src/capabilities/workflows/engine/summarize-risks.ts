import { askBriefly } from '../../../llm/ask-briefly.js';
import type { ChatModel } from '../../../llm/chat-model.js';

const MAX_SUMMARY_CHARS = 1500;

const INSTRUCTIONS = [
  "You review one endpoint of a web API for the API's developer.",
  'You get the facts a tool found: the handler code, its parameters, the auth and validation it shows, one probe request and its answer, and risks found by rule.',
  'Answer with at most five "- " bullet points: the real risks (bugs, missing checks, auth gaps, leaks), most serious first, each with the file:line that shows it and the smallest fix.',
  'Use only these facts; when they are not enough, say what to check. No code blocks, no preamble.',
].join('\n');

/** One model call: the endpoint's risks read from the analysis (`facts`, as text). */
export async function summarizeRisks(model: ChatModel, facts: string, signal: AbortSignal): Promise<string> {
  return askBriefly(model, { instructions: INSTRUCTIONS, facts, maxChars: MAX_SUMMARY_CHARS, signal });
}
