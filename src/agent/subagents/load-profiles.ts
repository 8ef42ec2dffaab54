import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { falconPath } from '../../workspace/falcon-dir.js';
import { BUILT_IN_PROFILES } from './built-in-profiles.js';
import { parseProfileFile } from './parse-profile-file.js';
import type { SubagentProfile, SubagentProfiles } from './subagent-profile.js';

/**
 * The built-in profiles and the project's `.falcon/agents/*.md`, which replace a built-in of the same
 * name. A file that cannot be used is left out, with a problem naming it.
 */
export async function loadSubagentProfiles(projectRoot: string, toolNames: readonly string[]): Promise<SubagentProfiles> {
  const folder = falconPath(projectRoot, 'agents');
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.md')).sort();
  } catch {
    return { profiles: BUILT_IN_PROFILES, problems: [] };
  }
  const byName = new Map<string, SubagentProfile>(BUILT_IN_PROFILES.map((profile) => [profile.name, profile]));
  const problems: string[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    const source = path.relative(projectRoot, file);
    try {
      const profile = parseProfileFile(name.slice(0, -'.md'.length), await readFile(file, 'utf8'), source, toolNames);
      byName.set(profile.name, profile);
    } catch (error) {
      problems.push(`${(error as Error).message}; this sub-agent profile is left out`);
    }
  }
  return { profiles: [...byName.values()], problems };
}
