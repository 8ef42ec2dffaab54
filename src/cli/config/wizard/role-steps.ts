// The menu's smaller steps: which provider is the default, which follow it, which to remove.
import { confirm, select } from '@inquirer/prompts';
import type { ConfigEdit, RawGlobalConfig } from '../../../config/config-edit.js';
import type { GlobalConfigFile } from '../../../config/global-config-schema.js';
import { removeProvider, setDefault, setFallback } from '../../../config/provider-roles.js';

const NO_MORE = Symbol('no more fallbacks');

export async function defaultStep(raw: RawGlobalConfig, data: GlobalConfigFile): Promise<ConfigEdit> {
  const id = await select({
    message: 'Default provider',
    choices: providerChoices(data),
    default: data.default_provider ?? undefined,
  });
  return setDefault(raw, id);
}

/** Asks for the fallbacks one at a time, so their order is the order of the answers. */
export async function fallbackStep(raw: RawGlobalConfig, data: GlobalConfigFile): Promise<ConfigEdit> {
  const chosen: string[] = [];
  const candidates = providerChoices(data).filter((choice) => choice.value !== data.default_provider);
  for (let remaining = candidates; remaining.length > 0; remaining = remaining.filter((choice) => !chosen.includes(choice.value))) {
    const next = await select<string | typeof NO_MORE>({
      message: chosen.length === 0 ? 'First fallback (tried when the default keeps failing)' : `Fallback ${chosen.length + 1}`,
      choices: [...remaining, { value: NO_MORE, name: chosen.length === 0 ? 'None' : 'No more' }],
    });
    if (next === NO_MORE) break;
    chosen.push(next);
  }
  return setFallback(raw, chosen);
}

/** Returns `undefined` when the user thinks better of it. */
export async function removeStep(raw: RawGlobalConfig, data: GlobalConfigFile): Promise<ConfigEdit | undefined> {
  const id = await select({ message: 'Remove which provider?', choices: providerChoices(data) });
  const sure = await confirm({ message: `Remove ${id} and its settings?`, default: false });
  return sure ? removeProvider(raw, id) : undefined;
}

function providerChoices(data: GlobalConfigFile): { value: string; name: string }[] {
  return Object.entries(data.providers ?? {}).map(([id, entry]) => ({ value: id, name: `${id} (${entry.model})` }));
}
