// Which provider is the default and which are tried after it, and what removing one does to both.
import { type ConfigEdit, configuredIds, finishEdit, providerEntries, type RawGlobalConfig, requireConfigured } from './config-edit.js';
import { ConfigEditError } from './config-error.js';
import { defaultProviderId } from './default-provider-id.js';

/** Makes `id` the default; were it a fallback, it leaves the fallback order (finishEdit says so). */
export function setDefault(raw: RawGlobalConfig, id: string): ConfigEdit {
  requireConfigured(raw, id);
  return finishEdit({ ...structuredClone(raw), default_provider: id });
}

/** The providers tried, in this order, when the default keeps failing; none clears the list. */
export function setFallback(raw: RawGlobalConfig, ids: readonly string[]): ConfigEdit {
  for (const id of ids) requireConfigured(raw, id);
  const defaultId = defaultProviderId(typeof raw.default_provider === 'string' ? raw.default_provider : undefined, configuredIds(raw));
  if (defaultId !== undefined && ids.includes(defaultId)) {
    throw new ConfigEditError(`${defaultId} is the default provider: the fallback order names the providers tried after it fails`);
  }
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) throw new ConfigEditError(`${repeated[0]} is named twice in the fallback order`);
  const edited = structuredClone(raw);
  if (ids.length > 0) edited.fallback = [...ids];
  else delete edited.fallback;
  return finishEdit(edited);
}

/**
 * Removes a provider and every reference to it. When it was the default, the first remaining fallback
 * (or else the first remaining provider) takes its place.
 */
export function removeProvider(raw: RawGlobalConfig, id: string): ConfigEdit {
  requireConfigured(raw, id);
  const edited = structuredClone(raw);
  delete providerEntries(edited)[id];
  const notes: string[] = [];

  const before = (edited.fallback as string[] | null | undefined) ?? [];
  let fallback = before.filter((name) => name !== id);
  if (fallback.length < before.length) notes.push(`Removed ${id} from the fallback order`);
  if (edited.default_provider === id) {
    const successor = fallback[0] ?? configuredIds(edited)[0];
    if (successor) {
      edited.default_provider = successor;
      fallback = fallback.filter((name) => name !== successor);
      notes.push(`${id} was the default provider; the default is now ${successor}`);
    } else {
      delete edited.default_provider;
      notes.push(`${id} was the default provider; no providers remain`);
    }
  }
  if (fallback.length > 0) edited.fallback = fallback;
  else delete edited.fallback;
  return finishEdit(edited, notes);
}
