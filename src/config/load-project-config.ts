import { join } from 'node:path';
import { z } from 'zod';
import { closestName } from './closest-name.js';
import { formatConfigProblem } from './config-error.js';
import { displayPath } from './falcon-home.js';
import type { ProjectConfig } from './types.js';
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
}

/** Reads the project's `.falcon/config.yaml`; a missing file means the defaults. */
export async function loadProjectConfig(projectRoot: string, options: ProjectConfigOptions = {}): Promise<LoadedProjectConfig> {
  const path = join(projectRoot, '.falcon', 'config.yaml');
  const file = await readYamlFile(path, displayPath(path));
  if (!file) return { config: { toolLimits: {} }, warnings: [] };
  const { data, warnings } = validateConfig(file, projectConfigSchema);
  const limits = checkToolLimits(file, data.tool_limits ?? {}, options.toolNames);
  return {
    config: {
      ...(data.framework && { framework: data.framework }),
      ...(data.base_url && { baseUrl: data.base_url }),
      ...(data.spec && { spec: data.spec }),
      ...(data.max_turns && { maxTurns: data.max_turns }),
      ...(data.environment && { environment: data.environment }),
      toolLimits: limits.toolLimits,
    },
    warnings: [...warnings, ...limits.warnings],
  };
}

/** The limits of the tools there are, and a warning for every other name (none when the tools are not known). */
function checkToolLimits(
  file: YamlFile,
  limits: Record<string, number>,
  toolNames: readonly string[] | undefined,
): { toolLimits: Record<string, number>; warnings: string[] } {
  if (!toolNames) return { toolLimits: limits, warnings: [] };
  const unknown = Object.keys(limits).filter((name) => !toolNames.includes(name));
  return {
    toolLimits: Object.fromEntries(Object.entries(limits).filter(([name]) => toolNames.includes(name))),
    warnings: unknown.map((name) => {
      const meant = closestName(name, toolNames);
      const message = `no tool of that name, ignored${meant ? ` (did you mean ${meant}?)` : ''}`;
      return formatConfigProblem(file.displayPath, problemAt(file, ['tool_limits', name], message));
    }),
  };
}
