import { FILE_YAML_LIMITS, parseBoundedYaml } from '../../safety/bounded-yaml.js';
import { z } from 'zod';
import { closestName } from '../../config/closest-name.js';
import type { SubagentProfile } from './subagent-profile.js';

/** A profile file that cannot be used; its message names the file and what is wrong. */
export class ProfileFileError extends Error {
  override name = 'ProfileFileError';
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const PROFILE_NAME = /^[a-z][a-z0-9_-]*$/i;

const frontMatterSchema = z.strictObject({
  description: z.string().trim().min(1),
  tools: z.array(z.string().trim().min(1)).min(1),
  model: z.enum(['quick', 'deep']).optional(),
});

/**
 * `.falcon/agents/<name>.md`: YAML front matter (`description`, `tools`, `model`), then the prompt.
 * `toolNames` are the tools there are; any other name in `tools` makes the file unusable.
 */
export function parseProfileFile(name: string, text: string, source: string, toolNames: readonly string[]): SubagentProfile {
  const fail = (message: string): never => {
    throw new ProfileFileError(`${source}: ${message}`);
  };
  if (!PROFILE_NAME.test(name)) fail('the file name is the profile name: letters, digits, - and _, starting with a letter');
  const match = FRONT_MATTER.exec(text);
  if (!match) return fail('no front matter: the file starts with a --- line, then description, tools and model, then another --- line');
  let data: unknown;
  try {
    data = parseBoundedYaml(match[1]!, FILE_YAML_LIMITS) ?? {};
  } catch (error) {
    return fail(`the front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const checked = frontMatterSchema.safeParse(data);
  if (!checked.success) {
    fail(checked.error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${describeIssue(issue)}`).join('; '));
  }
  const { description, tools, model } = checked.data!;
  const unknown = tools.filter((tool) => !toolNames.includes(tool));
  if (unknown.length > 0) {
    fail(`tools: ${unknown.map((tool) => describeUnknownTool(tool, toolNames)).join(', ')}`);
  }
  const prompt = text.slice(match[0].length).trim();
  if (!prompt) fail('the prompt is empty: write the sub-agent’s role after the front matter');
  return { name, description, tools: [...new Set(tools)], ...(model && { model }), prompt, source };
}

function describeUnknownTool(tool: string, toolNames: readonly string[]): string {
  const meant = closestName(tool, toolNames);
  return `no tool is named "${tool}"${meant ? ` (did you mean ${meant}?)` : ''}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')} (known: description, tools, model)`;
  if (issue.code === 'invalid_value') return `expected ${issue.values.map((value) => String(value)).join(' or ')}`;
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return `missing (expected ${issue.expected === 'array' ? 'a list of tool names' : issue.expected})`;
  return issue.message;
}
