import type { FalconConfig, ProviderSettings } from '../../config/types.js';
import type { ContextWindow } from '../../llm/chat-model.js';
import { describeContextWindow } from '../../llm/describe-context-window.js';
import { checkProvider, learnContextWindow, PROBE_TIMEOUT_MS } from '../../llm/probe-provider.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';

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
  const available = `${settings.model} is available (${listed})`;
  if (window?.source === 'assumed') {
    return warn(name, `${available}, but its context window is assumed`, setWindowFix(settings), [describeContextWindow(window)]);
  }
  return ok(name, available, window && [describeContextWindow(window)]);
}

/** The key that sets the window of this provider's sessions (Ollama's is the num_ctx it is run with), and the command that writes it. */
function setWindowFix({ id, protocol }: ProviderSettings): string {
  const [key, option] = protocol === 'ollama' ? ['num_ctx', '--num-ctx'] : ['context_window', '--context-window'];
  return `set providers.${id}.config.${key} to the model’s window: falcon config set ${id} ${option} <tokens>`;
}

/** The window as the server says it, within the probe's deadline; `undefined` when it cannot be learned. */
async function contextWindow(settings: ProviderSettings): Promise<ContextWindow | undefined> {
  try {
    return await learnContextWindow(settings, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch {
    return undefined;
  }
}
