// Turns the outcome of a provider's connection check into one problem and one hint a user can act on.
import type { ConnectionCheck, ConnectionFailure, ModelListing } from './chat-model.js';
import { apiKeyAdvice } from './api-key-advice.js';
import { classifyModelError, isAbortError } from './model-errors.js';
import { isConnectError } from './network-failure.js';

export interface ConnectionTarget {
  provider: string;
  url: string;
  hasApiKey: boolean;
  /** Overrides the generic advice when the server cannot be reached. */
  unreachableHint?: string;
}

const MODELS_SHOWN = 5;

/** The models `list` answers, or the problem and hint of its failure; a stop by the caller is thrown. */
export async function listOrExplain(list: () => Promise<string[]>, target: ConnectionTarget): Promise<ModelListing> {
  try {
    return { ok: true, models: await list() };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return connectionFailure(error, target);
  }
}

export function connectionFailure(error: unknown, target: ConnectionTarget): ConnectionFailure {
  if (isConnectError(error)) {
    const hint = target.unreachableHint ?? (isLoopback(target.url) ? 'is the server running?' : 'check your network and the base URL');
    return { ok: false, problem: `cannot reach ${target.url}`, hint };
  }
  const failure = classifyModelError(error, target);
  if (failure.status === 401 || failure.status === 403) {
    return {
      ok: false,
      problem: target.hasApiKey ? 'the API key was refused' : 'no API key is set',
      hint: apiKeyAdvice(target.provider),
    };
  }
  if (failure.status === 404) {
    return { ok: false, problem: `${target.url} does not list models`, hint: 'check the base URL' };
  }
  // The message says `provider: what came back — what to do`; the check's line names the provider itself.
  const prefix = `${target.provider}: `;
  const said = failure.message.startsWith(prefix) ? failure.message.slice(prefix.length) : failure.message;
  const split = said.lastIndexOf(' — ');
  if (split >= 0) return { ok: false, problem: said.slice(0, split), hint: said.slice(split + ' — '.length) };
  return { ok: false, problem: said, hint: failure.transient ? 'the server had a problem; try again in a moment' : 'check the provider settings' };
}

export function modelAvailability(
  model: string,
  available: string[],
  sameModel: (listed: string, wanted: string) => boolean = (listed, wanted) => listed === wanted,
): ConnectionCheck {
  if (available.some((listed) => sameModel(listed, model))) return { ok: true, models: available.length };
  const more = available.length > MODELS_SHOWN ? `, … (${available.length} in all)` : '';
  return {
    ok: false,
    problem: `model ${model} is not available`,
    hint: available.length > 0 ? `available: ${available.slice(0, MODELS_SHOWN).join(', ')}${more}` : 'the server lists no models',
  };
}

function isLoopback(url: string): boolean {
  return URL.canParse(url) && ['localhost', '127.0.0.1', '[::1]', '0.0.0.0'].includes(new URL(url).hostname);
}
