import { askBriefly } from '../../llm/ask-briefly.js';
import type { ChatModel } from '../../llm/chat-model.js';

const MAX_EXPLANATION_CHARS = 1500;

const INSTRUCTIONS = [
  'You explain why a request to a web API failed, to the developer of that API.',
  'You get the facts a tool found: the request, the error, stack frames placed in the project, and the code around them.',
  'Answer in at most four sentences: what fails, at which file:line, why, and the smallest fix.',
  'Use only these facts; when they are not enough, say what to look at next. No code blocks, no preamble.',
].join('\n');

/** One model call: a short explanation of an analysed failure. `facts` is the analysis as text. */
export async function explainFailure(model: ChatModel, facts: string, signal: AbortSignal): Promise<string> {
  return askBriefly(model, { instructions: INSTRUCTIONS, facts, maxChars: MAX_EXPLANATION_CHARS, signal });
}
