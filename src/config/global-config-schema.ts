import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { hooksSchema } from './hooks-schema.js';
import { modelRoutesSchema } from './model-routes-schema.js';
import { mcpServersSchema } from './mcp-servers-schema.js';
import { permissionsSchema } from './permissions-schema.js';

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
  .max(MAX_TIMEOUT_S, {
    error: (issue) => `expected ${MAX_TIMEOUT_S} or less (Node's fetch gives up after ${MAX_TIMEOUT_S} s of silence), got ${String(issue.input)}`,
  })
  .nullish();

const usdPerMillion = z.number({ error: 'expected a price in USD per million tokens, for example 2.5' }).min(0, { error: 'a price cannot be negative' });
const pricingSchema = z.strictObject({ input: usdPerMillion, output: usdPerMillion, cached_input: usdPerMillion.nullish() });

export const providerEntrySchema = z.strictObject({
  model: z.string().trim().min(1),
  config: z
    .strictObject({
      api_key: optionalText,
      base_url: optionalText,
      url: optionalText,
      mode: z.enum(['local', 'cloud']).nullish(),
      type: z.enum(['openai', 'ollama', 'anthropic', 'azure']).nullish(),
      stream: z.boolean().nullish(),
      /** Tokens a request may hold; the smaller of this and what the server says is used. */
      context_window: optionalTokens,
      /** Ollama only: the `num_ctx` Falcon asks for, instead of at most 32,768. */
      num_ctx: optionalTokens,
      /** Seconds without a byte from the server before a model call's attempt fails. */
      timeout_s: optionalSeconds,
      /** How the model is given its tools: in the prompt as text (default), through the provider's tool API, or native where the model supports it. */
      tool_protocol: z.enum(['text', 'native', 'auto']).nullish(),
      /** Azure only: the deployment called, and the `api-version` its requests carry. */
      deployment: optionalText,
      api_version: optionalText,
      /** USD per million tokens, overriding the price table; cached input costs as input when left out. */
      pricing: pricingSchema.nullish(),
    })
    .nullish(),
});

/** `~/.falcon/config.yaml` as written on disk (docs/ARCHITECTURE.md, "Configuration"). */
export const globalConfigSchema = z.strictObject({
  default_provider: z.string().trim().min(1).nullish(),
  fallback: z.array(z.string().trim().min(1)).nullish(),
  providers: z.record(z.string(), providerEntrySchema).nullish(),
  retry: z.strictObject({ delays_ms: z.array(z.int().min(0)).nullish() }).nullish(),
  /** The model each category of work is routed to (`quick`, `deep`); unset ones use the session's. */
  models: modelRoutesSchema.nullish(),
  hooks: hooksSchema.nullish(),
  permissions: permissionsSchema.nullish(),
  /** Folders whose project hooks and allow rules take effect, as absolute paths. */
  trusted_folders: z.array(z.string().refine(isAbsolute, { error: 'expected an absolute path' })).nullish(),
  /** MCP servers whose tools join every session. */
  mcp_servers: mcpServersSchema.nullish(),
  /** The local web dashboard (`falcon ui`): `enabled` serves it beside every interactive session; port 0 is any free port. */
  web_ui: z.strictObject({ enabled: z.boolean().nullish(), port: z.int().min(0).max(65535).nullish() }).nullish(),
  /** The colours of the TUI and the dashboard; `auto`: the terminal's background (the browser's preference in the dashboard). */
  theme: z.enum(['dark', 'light', 'auto']).nullish(),
  /** Checkpoints of the project's files before each change (in `$FALCON_HOME/checkpoints/`), kept `keep_days` after a session's last one. */
  checkpoints: z.strictObject({ enabled: z.boolean().nullish(), keep_days: z.int().min(1).max(3650).nullish() }).nullish(),
});

export type GlobalConfigFile = z.output<typeof globalConfigSchema>;
export type ProviderEntry = z.output<typeof providerEntrySchema>;
