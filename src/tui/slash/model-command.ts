import { loadGlobalConfig } from '../../config/load-global-config.js';
import type { ProviderSettings } from '../../config/types.js';
import { createProvider } from '../../llm/create-provider.js';
import { describeContextWindow } from '../../llm/describe-context-window.js';
import type { SlashCommand, SlashContext } from './session-slash-command.js';

const LIST_TIMEOUT_MS = 5000;

export const modelCommand: SlashCommand = {
  name: 'model',
  description: 'switch the provider and model for the rest of the session',
  usage: '/model [provider [model]]',
  async run(context) {
    const { config } = await loadGlobalConfig({ env: context.env });
    const providers = Object.values(config.providers);
    const current = context.agent.currentModel;
    const [givenProvider, givenModel] = context.args.split(/\s+/).filter(Boolean);

    const currentWindow = context.agent.contextWindow;
    const settings = givenProvider
      ? config.providers[givenProvider]
      : await context.pick({
          title: `Which provider? (now ${current.provider}/${current.model}${currentWindow ? `, ${describeContextWindow(currentWindow)}` : ''})`,
          items: providers.map((p) => ({ label: p.id, hint: p.id === current.provider ? `${p.model} (current)` : p.model, value: p })),
          initial: Math.max(
            providers.findIndex((p) => p.id === current.provider),
            0,
          ),
        });
    if (givenProvider && !settings) {
      const known = providers.map((p) => p.id).join(', ') || 'none';
      return context.show({ type: 'notice', tone: 'error', text: `No provider "${givenProvider}" is configured (configured: ${known}).` });
    }
    if (!settings) return;
    const model = givenModel ?? (await pickModel(context, settings, current));
    if (!model) return;
    context.agent.setModel(settings.id, model);
    const window = await context.agent.learnContextWindow(AbortSignal.timeout(LIST_TIMEOUT_MS));
    context.show({ type: 'notice', tone: 'info', text: `Now using ${settings.id}/${model}${window ? `, ${describeContextWindow(window)}` : ''}.` });
  },
};

async function pickModel(context: SlashContext, settings: ProviderSettings, current: { provider: string; model: string }): Promise<string | undefined> {
  const selected = settings.id === current.provider ? current.model : settings.model;
  let models: string[];
  try {
    models = await createProvider(settings).listModels(AbortSignal.timeout(LIST_TIMEOUT_MS));
  } catch (error) {
    context.show({
      type: 'notice',
      tone: 'warning',
      text: `Could not list the models of ${settings.id} (${(error as Error).message}); using ${selected}. Type /model ${settings.id} <model> to choose another.`,
    });
    return selected;
  }
  const names = models.includes(selected) ? models : [selected, ...models];
  return context.pick({
    title: `Which model of ${settings.id}?`,
    items: names.map((name) => ({ label: name, hint: name === selected ? '(current)' : undefined, value: name })),
    initial: names.indexOf(selected),
  });
}
