import { z } from 'zod';

/** Empty values (`api_key:` or `api_key: ""`) mean "not set here"; env fallbacks may fill them. */
const optionalText = z.string().nullish();

/** No model worth running takes fewer tokens; a smaller number is a typo (`32` for `32768`). */
export const MIN_CONTEXT_TOKENS = 512;
const optionalTokens = z.int().min(MIN_CONTEXT_TOKENS).nullish();

/** Node's fetch itself gives up on a server silent for 300 s, so a longer wait could never happen. */
const MAX_TIMEOUT_S = 300;
const optionalSeconds = z
  .number()
  .min(1)
  .max(MAX_TIMEOUT_S, { error: (issue) => `expected ${MAX_TIMEOUT_S} or less (Node's fetch gives up after ${MAX_TIMEOUT_S} s of silence), got ${String(issue.input)}` })
  .nullish();

export const providerEntrySchema = z.strictObject({
  model: z.string().trim().min(1),
  config: z
    .strictObject({
      api_key: optionalText,
      base_url: optionalText,
      url: optionalText,
      mode: z.enum(['local', 'cloud']).nullish(),
      type: z.enum(['openai', 'ollama']).nullish(),
      stream: z.boolean().nullish(),
      /** Tokens a request may hold; the smaller of this and what the server says is used. */
      context_window: optionalTokens,
      /** Ollama only: the `num_ctx` Falcon asks for, instead of at most 32,768. */
      num_ctx: optionalTokens,
      /** Seconds without a byte from the server before a model call's attempt fails. */
      timeout_s: optionalSeconds,
    })
    .nullish(),
});

/** `~/.falcon/config.yaml` as written on disk (docs/ARCHITECTURE.md, "Configuration"). */
export const globalConfigSchema = z.strictObject({
  default_provider: z.string().trim().min(1).nullish(),
  fallback: z.array(z.string().trim().min(1)).nullish(),
  providers: z.record(z.string(), providerEntrySchema).nullish(),
  retry: z.strictObject({ delays_ms: z.array(z.int().min(0)).nullish() }).nullish(),
});

export type GlobalConfigFile = z.output<typeof globalConfigSchema>;
export type ProviderEntry = z.output<typeof providerEntrySchema>;
