// The Messages API needs `max_tokens` with every request, and refuses more than the model can write.

/** Claude 3 models write at most 4,096 tokens, Claude 3.5 models 8,192; later ones far more. */
const SMALLER_LIMITS: [RegExp, number][] = [
  [/^claude-3-5-/, 8192],
  [/^claude-3-(opus|sonnet|haiku)-/, 4096],
];
const STREAMED_LIMIT = 16_384;
/** The SDK refuses a reply that is not streamed and may take the model longer than ten minutes to write. */
const WHOLE_LIMIT = 8192;

/** The longest reply to ask `model` for: a tool call writing a whole file must fit. */
export function replyTokenLimit(model: string, stream: boolean): number {
  const name = model.trim().toLowerCase();
  const bare = name.slice(name.lastIndexOf('/') + 1);
  const limit = stream ? STREAMED_LIMIT : WHOLE_LIMIT;
  const smaller = SMALLER_LIMITS.find(([pattern]) => pattern.test(bare))?.[1];
  return Math.min(limit, smaller ?? limit);
}
