// A provider's connection, asked with a deadline: for `falcon config test` and the setup wizard,
// where a server that never answers must become a plain message rather than a wait.
import type { ProviderSettings } from '../config/types.js';
import type { ConnectionCheck, ContextWindow } from './chat-model.js';
import { createProvider } from './create-provider.js';
import { ModelSetupError } from './model-errors.js';

export const PROBE_TIMEOUT_MS = 15_000;

export interface ProbeOptions {
  /** Stops the probe (Ctrl-C); the probe then throws. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Whether the provider answers, and has the configured model. Never throws unless `signal` stops it. */
export async function checkProvider(settings: ProviderSettings, options: ProbeOptions = {}): Promise<ConnectionCheck> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const provider = createProvider(settings);
    return await provider.checkConnection(options.signal ? AbortSignal.any([options.signal, timeout]) : timeout);
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

/** The provider's models, or `undefined` when it does not list them (`checkProvider` then says why). */
export async function listProviderModels(settings: ProviderSettings, options: ProbeOptions = {}): Promise<string[] | undefined> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? PROBE_TIMEOUT_MS);
  try {
    return await createProvider(settings).listModels(options.signal ? AbortSignal.any([options.signal, timeout]) : timeout);
  } catch {
    options.signal?.throwIfAborted();
    return undefined;
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
