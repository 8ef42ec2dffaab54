import { loadGlobalConfig } from '../config/load-global-config.js';
import { styleFor } from '../kit/command/terminal-style.js';

const NO_PROVIDER = 'No model provider is configured yet: run `falcon config` to set one up.';

/**
 * The last step of `falcon init`: when no model provider is configured, runs the provider setup of
 * `falcon config` (interactive) or says how to (with --yes). Returns a line for the user, if any.
 * Ctrl-C in the setup throws its WizardCancelledError.
 */
export async function setUpProviderIfMissing(options: { env: NodeJS.ProcessEnv; interactive: boolean }): Promise<string | undefined> {
  let providers: string[];
  try {
    providers = Object.keys((await loadGlobalConfig({ env: options.env })).config.providers);
  } catch (error) {
    return `Could not check the model providers: ${(error as Error).message}`;
  }
  if (providers.length > 0) return undefined;
  if (!options.interactive) return NO_PROVIDER;

  process.stdout.write('\nNow a model provider, for Falcon to think with.\n');
  const { runConfigWizard } = await import('./config/wizard/run-config-wizard.js');
  const configured = await runConfigWizard({ env: options.env, paint: styleFor(process.stdout) });
  return configured ? undefined : NO_PROVIDER;
}
