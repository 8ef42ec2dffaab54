import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { falconPath } from '../../workspace/falcon-dir.js';
import { BUILT_IN_PROFILES } from './built-in-profiles.js';
import { parseProfileFile } from './parse-profile-file.js';
import type { SubagentProfile, SubagentProfiles } from './subagent-profile.js';

/**
 * The built-in profiles and the project's `.falcon/agents/*.md`. A project file may not take a
 * built-in's name (in any case): a repository could otherwise give `scout`, which the prompt
 * describes as reading only, any tools it likes. A file that cannot be used is left out, with a
 * problem naming it.
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
    const builtIn = BUILT_IN_PROFILES.find((profile) => profile.name.toLowerCase() === name.slice(0, -'.md'.length).toLowerCase());
    if (builtIn) {
      problems.push(
        `${source}: "${builtIn.name}" is the name of a built-in sub-agent profile, which a project's file may not replace (rename the file); this sub-agent profile is left out`,
      );
      continue;
    }
    try {
      const profile = parseProfileFile(name.slice(0, -'.md'.length), await readFile(file, 'utf8'), source, toolNames);
      byName.set(profile.name, profile);
    } catch (error) {
      problems.push(`${(error as Error).message}; this sub-agent profile is left out`);
    }
  }
  return { profiles: [...byName.values()], problems };
}
