// `falcon config set | default | fallback | remove`: one edit of the file, checked like the loader
// checks it, written atomically. Problems with what was asked exit 2; a broken file exits 1 untouched.
import { text as readStream } from 'node:stream/consumers';
import type { ConfigEdit, RawGlobalConfig } from '../../config/config-edit.js';
import { ConfigEditError } from '../../config/config-error.js';
import { type EditableGlobalConfig, openGlobalConfigForEdit } from '../../config/editable-global-config.js';
import { configFileOverride, displayPath, globalConfigPath } from '../../config/falcon-home.js';
import { withFileLock } from '../../safety/file-lock.js';
import { removeProvider, setDefault, setFallback } from '../../config/provider-roles.js';
import { saveGlobalConfig } from '../../config/save-global-config.js';
import { type ProviderFields, setProvider } from '../../config/set-provider.js';
import { shellPath } from '../shell-path.js';
import { UsageError } from '../../kit/command/user-error.js';
import { say, warn } from './config-output.js';

/** The options of `falcon config set`. */
export interface SetOptions {
  model?: string;
  apiKey?: string;
  url?: string;
  baseUrl?: string;
  mode?: 'local' | 'cloud';
  deployment?: string;
  apiVersion?: string;
  /** Token counts as typed; checked where they are used. */
  contextWindow?: string;
  numCtx?: string;
  /** Seconds as typed; checked where used. */
  timeoutS?: string;
  toolProtocol?: 'text' | 'native' | 'auto';
  default?: boolean;
}

/** `falcon config set`; the window flags come as typed on the command line. */
export async function runConfigSet(id: string, options: SetOptions): Promise<void> {
  const fields: ProviderFields = {
    ...(options.model !== undefined && { model: options.model }),
    ...(options.apiKey !== undefined && { apiKey: options.apiKey === '-' ? await readKeyFromStdin() : options.apiKey }),
    ...(options.url !== undefined && { url: options.url }),
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
    ...(options.mode && { mode: options.mode }),
    ...(options.deployment !== undefined && { deployment: options.deployment }),
    ...(options.apiVersion !== undefined && { apiVersion: options.apiVersion }),
    ...(options.contextWindow !== undefined && { contextWindow: tokenCount('--context-window', options.contextWindow) }),
    ...(options.numCtx !== undefined && { numCtx: tokenCount('--num-ctx', options.numCtx) }),
    ...(options.timeoutS !== undefined && { timeoutS: seconds('--timeout-s', options.timeoutS) }),
    ...(options.toolProtocol && { toolProtocol: options.toolProtocol }),
  };
  await editConfig((raw) => {
    const isNew = !Object.hasOwn((raw.providers as object | null | undefined) ?? {}, id);
    if (!isNew && Object.keys(fields).length === 0 && !options.default) {
      throw new UsageError(
        `nothing to change for ${id}: give --model, --api-key, --url, --base-url, --mode, --deployment, --api-version, --context-window, --num-ctx, --timeout-s, --tool-protocol or --default`,
      );
    }
    const edit = setProvider(raw, id, fields);
    const model = edit.data.providers![id]!.model;
    const saved = { ...edit, notes: [`${isNew ? 'Added' : 'Updated'} ${id} (model ${model})`, ...edit.notes] };
    if (!options.default || edit.data.default_provider === id) return saved;
    const asDefault = setDefault(edit.raw, id);
    return { ...asDefault, notes: [...saved.notes, `${id} is now the default provider`, ...asDefault.notes] };
  });
  const configFile = configFileOverride(process.env);
  say(`Test it with: falcon${configFile ? ` --config ${shellPath(configFile)}` : ''} config test ${id}`);
}

export function runConfigDefault(id: string): Promise<void> {
  return editConfig((raw) => {
    const edit = setDefault(raw, id);
    return { ...edit, notes: [`${id} is now the default provider`, ...edit.notes] };
  });
}

export function runConfigFallback(ids: string[]): Promise<void> {
  return editConfig((raw) => {
    const edit = setFallback(raw, ids);
    return { ...edit, notes: [ids.length > 0 ? `Fallback order: ${ids.join(', ')}` : 'No fallback providers', ...edit.notes] };
  });
}

export function runConfigRemove(id: string): Promise<void> {
  return editConfig((raw) => {
    const edit = removeProvider(raw, id);
    return { ...edit, notes: [`Removed ${id}`, ...edit.notes] };
  });
}

/**
 * Opens the file (refusing a broken one), applies the edit, saves, and says what changed; all under
 * the file's lock, so that commands run at once each keep their change.
 */
async function editConfig(edit: (raw: RawGlobalConfig) => ConfigEdit): Promise<void> {
  const { opened, result } = await withFileLock(globalConfigPath(process.env), () => editLocked(edit), { folderMode: 0o700 });
  for (const note of result.notes) say(`${note}.`);
  const shown = displayPath(opened.path);
  say(opened.migrated ? `Saved ${shown}, now in the current format.` : `Saved ${shown}.`);
}

async function editLocked(edit: (raw: RawGlobalConfig) => ConfigEdit): Promise<{ opened: EditableGlobalConfig; result: ConfigEdit }> {
  const opened = await openGlobalConfigForEdit({ env: process.env });
  warn(opened.warnings);
  let result: ConfigEdit;
  try {
    result = edit(opened.raw);
  } catch (error) {
    if (error instanceof ConfigEditError) throw new UsageError(error.message);
    throw error;
  }
  await saveGlobalConfig(opened.path, result.raw, { keepFolderMode: configFileOverride(process.env) !== undefined });
  return { opened, result };
}

/** A number of tokens as typed (`32768`, `32,768`, `32_768`); empty removes the setting. The schema checks its size. */
function tokenCount(flag: string, text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}([,_]?\d{3})*$/.test(trimmed)) throw new UsageError(`${flag}: expected a number of tokens such as 32768, got "${text}"`);
  return Number(trimmed.replace(/[,_]/g, ''));
}

/** Seconds as typed (`120`, `2.5`); empty removes the setting. The schema checks the range. */
function seconds(flag: string, text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) throw new UsageError(`${flag}: expected a number of seconds such as 120, got "${text}"`);
  return Number(trimmed);
}

async function readKeyFromStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError('--api-key - reads the key from stdin: pipe it in, e.g. echo "$KEY" | falcon config set …');
  const key = (await readStream(process.stdin)).trim();
  if (!key) throw new UsageError('--api-key -: stdin held no key');
  return key;
}
