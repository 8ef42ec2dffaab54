// A provider's connection, asked with a deadline: for `falcon config test` and the setup wizard,
// where a server that never answers must become a plain message rather than a wait.
import type { ProviderSettings } from '../config/types.js';
import type { ConnectionCheck, ConnectionFailure, ContextWindow, ModelListing, ModelProvider } from './chat-model.js';
import { createProvider } from './create-provider.js';
import { ModelSetupError } from './model-errors.js';

export const PROBE_TIMEOUT_MS = 15_000;

export interface ProbeOptions {
  /** Stops the probe (Ctrl-C); the probe then throws. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Whether the provider answers, and has the configured model. Never throws unless `signal` stops it. */
export function checkProvider(settings: ProviderSettings, options: ProbeOptions = {}): Promise<ConnectionCheck> {
  return probe(settings, options, (provider, signal) => provider.checkConnection(signal));
}

/** The provider's models, or why it did not list them (a server down, a key refused, no answer in time …). Never throws unless `signal` stops it. */
export function listProviderModels(settings: ProviderSettings, options: ProbeOptions = {}): Promise<ModelListing> {
  return probe(settings, options, (provider, signal) => provider.modelListing(signal));
}

async function probe<Result>(
  settings: ProviderSettings,
  options: ProbeOptions,
  ask: (provider: ModelProvider, signal: AbortSignal) => Promise<Result>,
): Promise<Result | ConnectionFailure> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await ask(createProvider(settings), options.signal ? AbortSignal.any([options.signal, timeout]) : timeout);
  } catch (error) {
    options.signal?.throwIfAborted();
    if (timeout.aborted) {
      const where = settings.baseUrl ?? settings.id;
      return { ok: false, problem: `no answer from ${where} within ${timeoutMs / 1000} s`, hint: 'check the URL and that the server is up' };
    }
    if (error instanceof ModelSetupError) return { ok: false, problem: error.message, hint: 'run `falcon config` to set it' };
    throw error;
  }
}

/** The window a session with this provider's model would work inside, as the server says it (or the fallback). */
export async function learnContextWindow(settings: ProviderSettings, options: Pick<ProbeOptions, 'signal'> = {}): Promise<ContextWindow | undefined> {
  try {
    const window = await createProvider(settings).createModel(settings.model).contextWindow(options.signal);
    options.signal?.throwIfAborted();
    return window;
  } catch (error) {
    if (error instanceof ModelSetupError) return undefined;
    throw error;
  }
}
