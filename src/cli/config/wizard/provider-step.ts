import { confirm, select } from '@inquirer/prompts';
import { checkProvider, listProviderModels } from '../../../llm/probe-provider.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import type { ConfigEdit, RawGlobalConfig } from '../../../config/config-edit.js';
import { formatConnectionCheck } from '../format-connection-check.js';
import type { GlobalConfigFile, ProviderEntry } from '../../../config/global-config-schema.js';
import { knownProvider } from '../../../config/known-providers.js';
import { setDefault } from '../../../config/provider-roles.js';
import { resolveProvider } from '../../../config/resolve-provider.js';
import { type ProviderFields, setProvider } from '../../../config/set-provider.js';
import { askConnection } from './ask-connection.js';
import { chooseModel } from './choose-model.js';
import { chooseProvider, type ProviderTarget } from './choose-provider.js';
import { interruptible, type WizardContext } from './wizard-context.js';

type AfterFailure = 'change' | 'keep' | 'discard';

/**
 * Adds or updates one provider: what it needs to be reached, its model from the live list, then a
 * connection test whose failure is explained. Returns the edit, or `undefined` when it was discarded.
 */
export async function providerStep(raw: RawGlobalConfig, data: GlobalConfigFile, ctx: WizardContext): Promise<ConfigEdit | undefined> {
  const target = await chooseProvider(data);
  let current: ProviderTarget = target;
  for (;;) {
    const fields = await askConnection(current, raw, ctx);
    const edit = setProvider(raw, target.id, { ...fields, model: await askModel(raw, current, fields, ctx) });
    const entry = entryOf(edit, target.id);
    ctx.print(`Testing ${target.id}…`);
    const check = await interruptible((signal) => checkProvider(resolveProvider(target.id, entry, ctx.env), { signal, timeoutMs: ctx.probeTimeoutMs }));
    for (const line of formatConnectionCheck(target.id, entry.model, check, ctx.paint)) ctx.print(line);
    if (check.ok) return withDefaultChoice(edit, target.id, ctx);

    const next = await select<AfterFailure>({
      message: 'What now?',
      choices: [
        { value: 'change', name: 'Change the settings' },
        { value: 'keep', name: 'Keep these settings anyway' },
        { value: 'discard', name: `Discard these changes to ${target.id}` },
      ],
    });
    if (next === 'keep') return withDefaultChoice(edit, target.id, ctx);
    if (next === 'discard') return undefined;
    current = { ...target, entry };
  }
}

async function askModel(raw: RawGlobalConfig, target: ProviderTarget, fields: ProviderFields, ctx: WizardContext): Promise<string> {
  const current = target.entry?.model ?? knownProvider(target.id)?.defaultModel;
  // Listing needs only the connection settings; the model here is a stand-in until one is chosen.
  const draft = entryOf(setProvider(raw, target.id, { ...fields, model: current ?? 'unknown' }), target.id);
  ctx.print(`Asking ${target.id} for its models…`);
  const listing = await interruptible((signal) => listProviderModels(resolveProvider(target.id, draft, ctx.env), { signal, timeoutMs: ctx.probeTimeoutMs }));
  if (!listing.ok) {
    ctx.print(`${target.id} did not list its models: ${terminalSafeText(listing.problem)}`);
    ctx.print(`    ${ctx.paint('dim', terminalSafeText(listing.hint))}`);
    ctx.print('Type the name of the model to use.');
  } else if (listing.models.length === 0) ctx.print(`${target.id} lists no models; type the name of the model to use.`);
  return chooseModel({ models: listing.ok ? listing.models : undefined, current });
}

/** The first provider is made the default by `setProvider`; for another one, ask. */
async function withDefaultChoice(edit: ConfigEdit, id: string, ctx: WizardContext): Promise<ConfigEdit> {
  if (edit.data.default_provider === id) return edit;
  const makeDefault = await confirm({ message: `Make ${id} the default provider (now ${edit.data.default_provider})?`, default: false });
  if (!makeDefault) return edit;
  ctx.print(`${id} is now the default provider.`);
  const asDefault = setDefault(edit.raw, id);
  return { ...asDefault, notes: [...edit.notes, ...asDefault.notes] };
}

function entryOf(edit: ConfigEdit, id: string): ProviderEntry {
  return edit.data.providers![id]!;
}
