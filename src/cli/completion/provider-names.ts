import { readFile } from 'node:fs/promises';
import { FILE_YAML_LIMITS, parseBoundedYaml } from '../../safety/bounded-yaml.js';
import { isLegacyConfig, migrateLegacyConfig } from '../../config/migrate-config.js';

/** The keys under `providers:` (or the provider an earlier Falcon's file names), without validating the rest. */
export async function providerNames(configFile: string): Promise<string[]> {
  let data: unknown = parseBoundedYaml(await readFile(configFile, 'utf8'), FILE_YAML_LIMITS);
  if (isLegacyConfig(data)) data = migrateLegacyConfig(data).config;
  const providers = (data as { providers?: unknown } | null)?.providers;
  return providers !== null && typeof providers === 'object' ? Object.keys(providers) : [];
}
