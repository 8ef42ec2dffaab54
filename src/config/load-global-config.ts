import type { Env } from './falcon-home.js';
import { globalConfigPath } from './falcon-home.js';
import type { GlobalConfigFile } from './global-config-schema.js';
import { toHookSettings } from './hooks-schema.js';
import { toPermissionRules } from './permissions-schema.js';
import { toMcpServers } from './mcp-servers-schema.js';
import { resolveModelRoutes } from './model-routes.js';
import { readGlobalConfigFile } from './read-global-config-file.js';
import { resolveProvider } from './resolve-provider.js';
import { DEFAULT_CHECKPOINTS, DEFAULT_RETRY_DELAYS_MS, type FalconConfig, type ProviderSettings } from './types.js';

export interface LoadGlobalConfigOptions {
  env: Env;
  /** Falcon's folder; `falconHome(env)` when absent. */
  home?: string;
}

export interface LoadedGlobalConfig {
  config: FalconConfig;
  path: string;
  exists: boolean;
  /** Formatted `file:line: key: message` lines worth showing, none of them fatal. */
  warnings: string[];
}

/**
 * Reads `~/.falcon/config.yaml`. A missing file is an empty configuration; providers are never
 * invented from environment variables alone, the caller explains what to configure. A file that
 * cannot be used throws a ConfigError and is left untouched.
 */
export async function loadGlobalConfig({ env, home }: LoadGlobalConfigOptions): Promise<LoadedGlobalConfig> {
  const path = globalConfigPath(env, home);
  const contents = await readGlobalConfigFile(path);
  if (!contents) return { config: resolveConfig({}, env), path, exists: false, warnings: [] };
  return { config: resolveConfig(contents.data, env), path, exists: true, warnings: contents.warnings };
}

export function resolveConfig(data: GlobalConfigFile, env: Env): FalconConfig {
  const providers: Record<string, ProviderSettings> = {};
  for (const [id, entry] of Object.entries(data.providers ?? {})) providers[id] = resolveProvider(id, entry, env);
  return {
    ...(data.default_provider && { defaultProvider: data.default_provider }),
    fallback: data.fallback ?? [],
    providers,
    retry: { delaysMs: data.retry?.delays_ms ?? [...DEFAULT_RETRY_DELAYS_MS] },
    ...(data.models && { models: resolveModelRoutes(data.models) }),
    ...(data.hooks && { hooks: toHookSettings(data.hooks) }),
    ...(data.permissions && { permissions: toPermissionRules(data.permissions) }),
    ...(data.trusted_folders && { trustedFolders: data.trusted_folders }),
    ...(data.mcp_servers && { mcpServers: toMcpServers(data.mcp_servers) }),
    ...(data.web_ui && { webUi: { enabled: data.web_ui.enabled ?? false, port: data.web_ui.port ?? 0 } }),
    ...(data.theme && { theme: data.theme }),
    ...(data.checkpoints && {
      checkpoints: { enabled: data.checkpoints.enabled ?? DEFAULT_CHECKPOINTS.enabled, keepDays: data.checkpoints.keep_days ?? DEFAULT_CHECKPOINTS.keepDays },
    }),
  };
}
