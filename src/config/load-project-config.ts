import { join } from 'node:path';
import { z } from 'zod';
import { closestName } from './closest-name.js';
import { formatConfigProblem } from './config-error.js';
import { displayPath } from './falcon-home.js';
import { hooksSchema, toHookSettings } from './hooks-schema.js';
import { permissionsSchema, toPermissionRules } from './permissions-schema.js';
import { MCP_TOOL_PREFIX, mcpServersSchema, toMcpServers } from './mcp-servers-schema.js';
import { resolveModelRoutes } from './model-routes.js';
import { modelRoutesSchema } from './model-routes-schema.js';
import { serverSchema, toServerSettings } from './server-schema.js';
import type { ModelRoutes, ProjectConfig } from './types.js';
import { problemAt, validateConfig } from './validate-config.js';
import { type YamlFile, readYamlFile } from './yaml-file.js';

const positiveInteger = z.int().min(1);

/** `.falcon/config.yaml` as written on disk. */
export const projectConfigSchema = z.strictObject({
  framework: z.string().trim().min(1).nullish(),
  base_url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).nullish(),
  spec: z.string().trim().min(1).nullish(),
  max_turns: positiveInteger.nullish(),
  tool_limits: z.record(z.string(), positiveInteger).nullish(),
  environment: z.string().trim().min(1).nullish(),
  /** The model each category of work is routed to; a category set here wins over the global config's. */
  models: modelRoutesSchema.nullish(),
  hooks: hooksSchema.nullish(),
  permissions: permissionsSchema.nullish(),
  /** MCP servers whose tools join sessions in this project, once the folder is trusted. */
  mcp_servers: mcpServersSchema.nullish(),
  /** How the API under test starts; its command runs only in a trusted folder or once approved. */
  server: serverSchema.nullish(),
});

export interface LoadedProjectConfig {
  config: ProjectConfig;
  /** Formatted `file:line: key: message` lines, none of them fatal. */
  warnings: string[];
}

export interface ProjectConfigOptions {
  /**
   * The tools there are: a `tool_limits` entry for any other name is a warning, with a "did you
   * mean" for a close name. Given by the caller, as config comes below tools and does not know them.
   */
  toolNames?: readonly string[];
  /** The providers the global config sets up: a `models:` category naming another is a warning, and left out. */
  providerNames?: readonly string[];
}

/** Reads the project's `.falcon/config.yaml`; a missing file means the defaults. */
export async function loadProjectConfig(projectRoot: string, options: ProjectConfigOptions = {}): Promise<LoadedProjectConfig> {
  const path = join(projectRoot, '.falcon', 'config.yaml');
  const file = await readYamlFile(path, displayPath(path));
  if (!file) return { config: { toolLimits: {} }, warnings: [] };
  const { data, warnings } = validateConfig(file, projectConfigSchema);
  const limits = checkToolLimits(file, data.tool_limits ?? {}, options.toolNames);
  const routes = checkModelRoutes(file, resolveModelRoutes(data.models), options.providerNames);
  return {
    config: {
      ...(data.framework && { framework: data.framework }),
      ...(data.base_url && { baseUrl: data.base_url }),
      ...(data.spec && { spec: data.spec }),
      ...(data.max_turns && { maxTurns: data.max_turns }),
      ...(data.environment && { environment: data.environment }),
      toolLimits: limits.toolLimits,
      ...(data.models && { models: routes.models }),
      ...(data.hooks && { hooks: toHookSettings(data.hooks) }),
      ...(data.permissions && { permissions: toPermissionRules(data.permissions) }),
      ...(data.mcp_servers && { mcpServers: toMcpServers(data.mcp_servers) }),
      ...(data.server && { server: toServerSettings(data.server) }),
    },
    warnings: [...warnings, ...limits.warnings, ...routes.warnings],
  };
}

/** The limits of the tools there are, and a warning for every other name (none when the tools are not known). */
function checkToolLimits(
  file: YamlFile,
  limits: Record<string, number>,
  toolNames: readonly string[] | undefined,
): { toolLimits: Record<string, number>; warnings: string[] } {
  if (!toolNames) return { toolLimits: limits, warnings: [] };
  // MCP servers' tools are known only once the servers have started.
  const known = (name: string) => toolNames.includes(name) || name.startsWith(MCP_TOOL_PREFIX);
  const unknown = Object.keys(limits).filter((name) => !known(name));
  return {
    toolLimits: Object.fromEntries(Object.entries(limits).filter(([name]) => known(name))),
    warnings: unknown.map((name) => {
      const meant = closestName(name, toolNames);
      const message = `no tool of that name, ignored${meant ? ` (did you mean ${meant}?)` : ''}`;
      return formatConfigProblem(file.displayPath, problemAt(file, ['tool_limits', name], message));
    }),
  };
}

/** The categories whose provider is configured, and a warning for each other one (none when the providers are not known). */
function checkModelRoutes(file: YamlFile, routes: ModelRoutes, providerNames: readonly string[] | undefined): { models: ModelRoutes; warnings: string[] } {
  if (!providerNames) return { models: routes, warnings: [] };
  const models: ModelRoutes = {};
  const warnings: string[] = [];
  for (const category of ['quick', 'deep'] as const) {
    const route = routes[category];
    if (!route) continue;
    if (!route.provider || providerNames.includes(route.provider)) {
      models[category] = route;
      continue;
    }
    const known = providerNames.length > 0 ? `configured: ${providerNames.join(', ')}` : 'no providers are configured';
    const message = `"${route.provider}" is not a configured provider (${known}); ${category} work uses the session's model`;
    warnings.push(formatConfigProblem(file.displayPath, problemAt(file, ['models', category, 'provider'], message)));
  }
  return { models, warnings };
}
