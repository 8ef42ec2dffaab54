import { select } from '@inquirer/prompts';
import type { ConfigEdit, RawGlobalConfig } from '../../../config/config-edit.js';
import { openGlobalConfigForEdit } from '../../../config/editable-global-config.js';
import { configFileOverride, displayPath, type Env } from '../../../config/falcon-home.js';
import { formatProviderList } from '../../../config/format-provider-list.js';
import type { GlobalConfigFile } from '../../../config/global-config-schema.js';
import { type Paint, plainText } from '../../../config/paint.js';
import { saveGlobalConfig } from '../../../config/save-global-config.js';
import { summarizeProviders } from '../../../config/summarize-providers.js';
import { providerStep } from './provider-step.js';
import { defaultStep, fallbackStep, removeStep } from './role-steps.js';
import { testStep } from './test-step.js';
import { isPromptExit, WizardCancelledError, type WizardContext } from './wizard-context.js';

export { WizardCancelledError } from './wizard-context.js';

export interface ConfigWizardOptions {
  env: Env;
  /** Falcon's folder; `falconHome(env)` when absent. */
  home?: string;
  /** Where lines between the questions go; stdout when absent. */
  print?: (line: string) => void;
  paint?: Paint;
  /** How long a provider may take to answer a probe. */
  probeTimeoutMs?: number;
}

interface WizardState {
  raw: RawGlobalConfig;
  data: GlobalConfigFile;
  /** Differs from the file: changes were made, or the file is in the Go Falcon's format. */
  unsaved: boolean;
}

type Action = 'provider' | 'default' | 'fallback' | 'remove' | 'test' | 'done';

/**
 * `falcon config`: a menu to add or update providers, choose the default and the fallbacks, remove
 * providers and test them. Changes are held until the user saves, then written at once; Ctrl-C at
 * any point throws WizardCancelledError with the file as it was. A file the loader refuses throws
 * its ConfigError before the first question. Returns whether a provider is configured at the end.
 */
export async function runConfigWizard(options: ConfigWizardOptions): Promise<boolean> {
  const ctx: WizardContext = {
    env: options.env,
    print: (line = '') => (options.print ?? ((text) => process.stdout.write(`${text}\n`)))(line),
    paint: options.paint ?? plainText,
    ...(options.probeTimeoutMs !== undefined && { probeTimeoutMs: options.probeTimeoutMs }),
  };
  const opened = await openGlobalConfigForEdit(options);
  const shownPath = displayPath(opened.path);
  for (const warning of opened.warnings) ctx.print(ctx.paint('yellow', warning));
  let state: WizardState = { raw: opened.raw, data: opened.data, unsaved: opened.migrated };

  const apply = (edit: ConfigEdit | undefined) => {
    if (!edit) return;
    state = { raw: edit.raw, data: edit.data, unsaved: true };
    for (const note of edit.notes) ctx.print(`${note}.`);
    printOverview(state, shownPath, ctx);
  };

  try {
    printOverview(state, shownPath, ctx);
    if (providerCount(state) === 0) apply(await providerStep(state.raw, state.data, ctx));
    for (let action = await chooseAction(state); action !== 'done'; action = await chooseAction(state)) {
      if (action === 'test') await testStep(state.data, ctx);
      else apply(await runEdit(action, state, ctx));
    }
  } catch (error) {
    if (isPromptExit(error)) throw new WizardCancelledError();
    throw error;
  }

  if (state.unsaved) {
    await saveGlobalConfig(opened.path, state.raw, { keepFolderMode: configFileOverride(options.env) !== undefined });
    ctx.print(`Saved ${shownPath}.`);
  } else {
    ctx.print('Nothing changed.');
  }
  return providerCount(state) > 0;
}

function runEdit(action: Exclude<Action, 'test' | 'done'>, state: WizardState, ctx: WizardContext): Promise<ConfigEdit | undefined> {
  switch (action) {
    case 'provider':
      return providerStep(state.raw, state.data, ctx);
    case 'default':
      return defaultStep(state.raw, state.data);
    case 'fallback':
      return fallbackStep(state.raw, state.data);
    case 'remove':
      return removeStep(state.raw, state.data);
  }
}

/** Only what can be done now: a cursor may rest on a disabled choice, which would only get in the way. */
function chooseAction(state: WizardState): Promise<Action> {
  const count = providerCount(state);
  const choices: { value: Action; name: string }[] = [{ value: 'provider', name: 'Add or update a provider' }];
  if (count >= 2) {
    choices.push({ value: 'default', name: 'Set the default provider' }, { value: 'fallback', name: 'Set the fallback order' });
  }
  if (count >= 1) choices.push({ value: 'remove', name: 'Remove a provider' }, { value: 'test', name: 'Test the connections' });
  choices.push({ value: 'done', name: state.unsaved ? 'Save and exit' : 'Exit' });
  return select<Action>({ message: 'What would you like to do?', choices, default: state.unsaved ? 'done' : 'provider' });
}

function printOverview(state: WizardState, shownPath: string, ctx: WizardContext): void {
  if (providerCount(state) === 0) {
    ctx.print(`No model provider is configured in ${shownPath} yet.`);
    return;
  }
  ctx.print(`Model providers in ${shownPath}${state.unsaved ? ' (not saved yet)' : ''}:`);
  for (const line of formatProviderList(summarizeProviders(state.data, ctx.env), ctx.paint)) ctx.print(line);
  const fallback = state.data.fallback ?? [];
  if (fallback.length > 0) ctx.print(`  Fallback order: ${fallback.join(', ')}`);
  ctx.print();
}

function providerCount(state: WizardState): number {
  return Object.keys(state.data.providers ?? {}).length;
}
