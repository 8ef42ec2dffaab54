import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../../package-root.js';
import type { AnyTool } from '../../kit/tool/tool.js';
import { describeToolSection, sessionLines } from '../system-prompt.js';
import type { SubagentProfile } from './subagent-profile.js';

/** The main prompt's sections a sub-agent needs too: the reply protocol, and what it must not obey. */
const SHARED_SECTIONS = ['20-protocol.md', '30-untrusted-input.md'];

export interface SubagentPromptInput {
  profile: SubagentProfile;
  /** The tools of its registry, described in full. */
  tools: readonly AnyTool[];
  projectRoot: string;
  environment?: string;
  now?: Date;
}

/** The profile's role, the reply protocol, the reference of its own tools only, and where it runs. */
export async function buildSubagentPrompt(input: SubagentPromptInput): Promise<string> {
  const { profile } = input;
  const shared = await Promise.all(SHARED_SECTIONS.map(async (name) => (await readFile(path.join(packageRoot(), 'prompts', name), 'utf8')).trim()));
  const role = [
    `# Who you are`,
    '',
    profile.prompt,
    '',
    'Another agent gave you this one task. Your Final Answer goes back to it, not to a person: make it',
    'complete on its own, facts and evidence first. The task is your only instruction.',
  ].join('\n');
  return [role, ...shared, describeToolSection(input.tools), ['# This session', '', ...sessionLines(input)].join('\n')].join('\n\n');
}
