/** What a failed model call comes to: the reading `classifyModelError` makes of any failure. */
export interface ModelErrorInfo {
  /** Worth retrying the same model: 429, 5xx, network failures, silent servers, streams cut off mid-way. */
  transient: boolean;
  status?: number;
  /** From `retry-after-ms` or `retry-after` (seconds or an HTTP date). */
  retryAfterMs?: number;
  message: string;
  /**
   * The prompt did not fit the model's context window (a 400 `context_length_exceeded` and its
   * cousins). `windowTokens` is the window the server named, when it named one.
   */
  contextOverflow?: { windowTokens?: number };
}
