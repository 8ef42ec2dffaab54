// The wrappers models and chat templates put around reasoning when it arrives in the reply text
// (servers that split it into its own field are handled by the provider layer).

export interface ReasoningTag {
  open: string;
  close: string;
}

export const REASONING_TAGS: readonly ReasoningTag[] = [
  { open: '<think>', close: '</think>' }, // DeepSeek-R1 and its distills, Qwen3, QwQ
  { open: '<thinking>', close: '</thinking>' }, // prompted models and fine-tunes
  { open: '[THINK]', close: '[/THINK]' }, // Magistral / Ministral reasoning
  { open: '<|channel|>analysis<|message|>', close: '<|end|>' }, // gpt-oss harmony analysis channel
  { open: '<|channel>thought', close: '<channel|>' }, // Gemma 4 thinking
];

/**
 * Closers that can arrive without their opener: the chat template already wrote `<think>` into the
 * prompt (DeepSeek-R1 distills, Qwen3 thinking models), so everything before the closer was thinking.
 */
export const LONE_CLOSERS: readonly string[] = ['</think>', '</thinking>', '[/THINK]'];

/** gpt-oss harmony framing around visible text: dropped, never shown and never parsed. */
export const FRAME_TOKENS: readonly string[] = [
  '<|start|>assistant',
  '<|channel|>final<|message|>',
  '<|channel|>commentary<|message|>',
  '<|return|>',
  '<|end|>',
];

export const OPENERS: readonly string[] = REASONING_TAGS.map((tag) => tag.open);

export interface FoundToken {
  token: string;
  index: number;
}

/**
 * The earliest of `tokens` in `text` from `from` on. A token right after a backtick is quoted
 * (the model writing about `<think>`), not a tag. `before` is the character that precedes `text`.
 */
export function findToken(text: string, tokens: readonly string[], from = 0, before = ''): FoundToken | undefined {
  let found: FoundToken | undefined;
  for (const token of tokens) {
    let index = text.indexOf(token, from);
    while (index >= 0 && (index > 0 ? text[index - 1] : before) === '`') index = text.indexOf(token, index + 1);
    if (index >= 0 && (!found || index < found.index)) found = { token, index };
  }
  return found;
}

/** Length of the longest end of `text` that could be the start of one of `tokens`, still arriving. */
export function partialTokenLength(text: string, tokens: readonly string[]): number {
  const longest = Math.max(...tokens.map((token) => token.length));
  for (let i = Math.max(0, text.length - longest + 1); i < text.length; i++) {
    const ch = text[i];
    // Every tag starts with "<" or "["; most text has neither near its end.
    if (ch !== '<' && ch !== '[') continue;
    const tail = text.slice(i);
    if (tokens.some((token) => token.length > tail.length && token.startsWith(tail))) return text.length - i;
  }
  return 0;
}
