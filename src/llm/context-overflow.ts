// Recognises "the prompt does not fit the model's context window" in the words of each server, and
// the window it names. Shapes seen from real servers:
//   OpenAI      400 {error: {code: "context_length_exceeded", message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens. …"}}
//   vLLM        400 "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (…)" (or "… and your request has N input tokens")
//   OpenRouter  400 "This endpoint's maximum context length is 131072 tokens. However, you requested about …"
//   llama.cpp   400 (500 before 2025) {error: {type: "exceed_context_size_error", n_prompt_tokens: 1407, n_ctx: 256, …}}
//   LM Studio   400 {error: "Trying to keep the first 10136 tokens when context the overflows. However, the model is loaded with context length of only 7866 tokens, …"}
//               or "The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 13055>= n_ctx: 4096)"
//   Gemini      400 "The input token count (1200293) exceeds the maximum number of tokens allowed (1048576)."
//   Anthropic   400 {type: "error", error: {type: "invalid_request_error", message: "prompt is too long: 210000 tokens > 200000 maximum"}}
//               or "input length and `max_tokens` exceed context limit: 188240 + 21333 > 200000, decrease input length or `max_tokens` and try again"
//   any         413 Payload Too Large
import { isRecord, positiveInteger } from './context-window/read-fields.js';

export interface ContextOverflow {
  windowTokens?: number;
}

const OVERFLOW_CODES = new Set(['context_length_exceeded', 'exceed_context_size_error']);
const OVERFLOW_WORDS = [
  /maximum context length is \d/i,
  /context length of only \d/i,
  /greater than the context length/i,
  /exceeds? the available context size/i,
  /exceeds the maximum number of tokens allowed/i,
  /longer than the maximum model length/i,
  /prompt is too long/i,
  /exceed context limit/i,
  /exceeds? the context (window|length)/i,
  /context_length_exceeded/,
];
const WINDOW_PATTERNS = [
  /maximum context length is (\d+)/i,
  /context length of only (\d+)/i,
  /\bn_ctx\b\D{0,3}(\d+)/i,
  /maximum number of tokens allowed \((\d+)\)/i,
  /maximum model length of (\d+)/i,
  /> ?(\d+) maximum/i,
  /\d+ \+ \d+ > (\d+)/,
];

/** The overflow a failed call reports, or `undefined` when it failed for another reason. */
export function readContextOverflow(error: unknown, status: number | undefined): ContextOverflow | undefined {
  const thrown = isRecord(error) ? error : {};
  const body = thrown.error;
  const fields = isRecord(body) ? body : {};
  const texts = [typeof body === 'string' ? body : fields.message, error instanceof Error ? error.message : undefined].filter(
    (text): text is string => typeof text === 'string',
  );
  const named = [fields.code, fields.type, thrown.code, thrown.type].some((value) => typeof value === 'string' && OVERFLOW_CODES.has(value));
  const worded = texts.some((text) => OVERFLOW_WORDS.some((words) => words.test(text)));
  if (!named && !worded && status !== 413) return undefined;
  const windowTokens = positiveInteger(fields.n_ctx) ?? windowNamedIn(texts);
  return windowTokens === undefined ? {} : { windowTokens };
}

function windowNamedIn(texts: string[]): number | undefined {
  for (const text of texts) {
    for (const pattern of WINDOW_PATTERNS) {
      const tokens = positiveInteger(pattern.exec(text)?.[1]);
      if (tokens !== undefined) return tokens;
    }
  }
  return undefined;
}
