import { join } from 'node:path';
import { z } from 'zod';
import { displayPath } from './falcon-home.js';
import type { ProjectConfig } from './types.js';
import { validateConfig } from './validate-config.js';
import { readYamlFile } from './yaml-file.js';

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

/** Reads the project's `.falcon/config.yaml`; a missing file means the defaults. */
export async function loadProjectConfig(projectRoot: string): Promise<LoadedProjectConfig> {
  const path = join(projectRoot, '.falcon', 'config.yaml');
  const file = await readYamlFile(path, displayPath(path));
  if (!file) return { config: { toolLimits: {} }, warnings: [] };
  const { data, warnings } = validateConfig(file, projectConfigSchema);
  return {
    config: {
      ...(data.framework && { framework: data.framework }),
      ...(data.base_url && { baseUrl: data.base_url }),
      ...(data.spec && { spec: data.spec }),
      ...(data.max_turns && { maxTurns: data.max_turns }),
      ...(data.environment && { environment: data.environment }),
      toolLimits: data.tool_limits ?? {},
    },
    warnings,
  };
}
