import { input, select } from '@inquirer/prompts';
import type { GlobalConfigFile, ProviderEntry } from '../../../config/global-config-schema.js';
import { KNOWN_PROVIDERS, knownProvider } from '../../../config/known-providers.js';
import { providerProtocol } from '../../../config/resolve-provider.js';
import { isValidProviderId } from '../../../config/set-provider.js';
import type { ProviderProtocol } from '../../../config/types.js';

/** The provider being added or updated. */
export interface ProviderTarget {
  id: string;
  /** "OpenAI", or the user's own name for an OpenAI-compatible server. */
  label: string;
  protocol: ProviderProtocol;
  /** Its entry as saved now, when it is configured. */
  entry?: ProviderEntry;
}

const ANOTHER_SERVER = Symbol('another OpenAI-compatible server');

export async function chooseProvider(data: GlobalConfigFile): Promise<ProviderTarget> {
  const configured = data.providers ?? {};
  const describe = (id: string, label: string) => (configured[id] ? `${label} (configured: ${configured[id].model})` : label);
  const picked = await select<string | typeof ANOTHER_SERVER>({
    message: 'Which provider?',
    choices: [
      ...KNOWN_PROVIDERS.map((provider) => ({ value: provider.id, name: describe(provider.id, provider.label) })),
      ...Object.keys(configured)
        .filter((id) => !knownProvider(id))
        .map((id) => ({ value: id, name: describe(id, id) })),
      { value: ANOTHER_SERVER, name: 'Another OpenAI-compatible server (LM Studio, vLLM, llama.cpp, …)' },
    ],
  });
  const id = picked === ANOTHER_SERVER ? await askServerName(Object.keys(configured)) : picked;
  const entry = configured[id];
  return {
    id,
    label: knownProvider(id)?.label ?? id,
    protocol: entry ? providerProtocol(id, entry) : (knownProvider(id)?.protocol ?? 'openai'),
    ...(entry && { entry }),
  };
}

function askServerName(configured: string[]): Promise<string> {
  return input({
    message: 'A name for this server (used in `--provider` and the config file)',
    default: configured.includes('lmstudio') ? undefined : 'lmstudio',
    validate: (value) => {
      const name = value.trim();
      if (!isValidProviderId(name)) return 'Use letters, digits, ".", "_" and "-".';
      if (knownProvider(name)) return `${name} is in the list above; choose another name.`;
      return true;
    },
  }).then((name) => name.trim());
}
