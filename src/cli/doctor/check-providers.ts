import type { FalconConfig, ProviderSettings } from '../../config/types.js';
import type { ContextWindow } from '../../llm/chat-model.js';
import { describeContextWindow } from '../../llm/describe-context-window.js';
import { checkProvider, learnContextWindow, PROBE_TIMEOUT_MS } from '../../llm/probe-provider.js';
import { type DoctorCheck, fail, ok } from './doctor-check.js';

/** Every configured provider at once: it answers, it has its model, and the window a session gets. */
export function checkProviders(config: FalconConfig): Promise<DoctorCheck[]> {
  return Promise.all(Object.values(config.providers).map((settings) => checkOneProvider(settings)));
}

async function checkOneProvider(settings: ProviderSettings): Promise<DoctorCheck> {
  const name = `provider ${settings.id}`;
  const check = await checkProvider(settings);
  if (!check.ok) {
    const modelMissing = check.problem.startsWith(`model ${settings.model} `);
    return fail(name, check.problem, modelMissing ? `choose another with: falcon config set ${settings.id} --model <name> (${check.hint})` : check.hint);
  }
  const listed = check.models === 1 ? '1 model listed' : `${check.models} models listed`;
  const window = await contextWindow(settings);
  return ok(name, `${settings.model} is available (${listed})`, window && [describeContextWindow(window)]);
}

/** The window as the server says it, within the probe's deadline; `undefined` when it cannot be learned. */
async function contextWindow(settings: ProviderSettings): Promise<ContextWindow | undefined> {
  try {
    return await learnContextWindow(settings, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch {
    return undefined;
  }
}
