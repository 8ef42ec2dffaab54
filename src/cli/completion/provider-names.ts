import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { isLegacyConfig, migrateLegacyConfig } from '../../config/migrate-config.js';

/** The keys under `providers:` (or the provider an earlier Falcon's file names), without validating the rest. */
export async function providerNames(configFile: string): Promise<string[]> {
  let data: unknown = parse(await readFile(configFile, 'utf8'));
  if (isLegacyConfig(data)) data = migrateLegacyConfig(data).config;
  const providers = (data as { providers?: unknown } | null)?.providers;
  return providers !== null && typeof providers === 'object' ? Object.keys(providers) : [];
}
