import { openGlobalConfigForEdit } from '../../config/editable-global-config.js';
import { displayPath } from '../../config/falcon-home.js';
import { formatProviderList } from '../../config/format-provider-list.js';
import { summarizeProviders } from '../../config/summarize-providers.js';
import { terminalSafeJson, terminalSafeText, terminalSafeValue } from '../../safety/terminal-text.js';
import { say, stdoutPaint, warn } from './config-output.js';

/**
 * `falcon config list`: every provider with its model, URL, key (masked), configured window and role;
 * `--json` for scripts (`contextWindowFrom` says whether the window is learned from the server).
 * Names, models and URLs come from a file anyone may have edited: they are shown terminal-safe.
 */
export async function runConfigList(options: { json?: boolean }): Promise<void> {
  const opened = await openGlobalConfigForEdit({ env: process.env });
  warn(opened.warnings.map(terminalSafeText));
  const providers = summarizeProviders(opened.data, process.env);
  const fallback = opened.data.fallback ?? [];
  const defaultProvider = providers.find((provider) => provider.isDefault)?.id;

  if (options.json) {
    say(terminalSafeJson({ path: opened.path, exists: opened.exists, defaultProvider: defaultProvider ?? null, fallback, providers }, 2));
    return;
  }
  const shown = displayPath(opened.path);
  if (providers.length === 0) {
    say(`No model provider is configured in ${shown}.`);
    say('Set one up with `falcon config`, or for example: falcon config set ollama --model llama3.2');
    return;
  }
  say(`${shown}:`);
  for (const line of formatProviderList(terminalSafeValue(providers), stdoutPaint())) say(line);
  if (fallback.length > 0) say(terminalSafeText(`Fallback order: ${fallback.join(', ')}`));
  const learned = providers.filter((provider) => provider.contextWindowFrom === 'server').length;
  if (learned > 0) {
    say(`${learned === providers.length ? 'Context windows are' : 'Other context windows are'} learned from each server when a session starts.`);
  }
}
