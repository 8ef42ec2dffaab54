import { z } from 'zod';
import { FILE_YAML_LIMITS, parseBoundedYaml } from '../../safety/bounded-yaml.js';
import type { CustomCommand } from './custom-command.js';

/** A command file that cannot be used; the message names the file and what is wrong. */
export class CommandFileError extends Error {
  override name = 'CommandFileError';
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
export const COMMAND_NAME = /^[a-z0-9][a-z0-9_-]*$/i;

const toolList = z.union([
  z
    .string()
    .trim()
    .min(1)
    .transform((text) =>
      text
        .split(/,\s*(?![^(]*\))/)
        .map((rule) => rule.trim())
        .filter(Boolean),
    ),
  z.array(z.string().trim().min(1)),
]);

const frontMatterSchema = z.strictObject({
  description: z.string().trim().min(1).optional(),
  'argument-hint': z.string().trim().min(1).optional(),
  'allowed-tools': toolList.optional(),
  model: z.string().trim().min(1).optional(),
});

/**
 * `<name>.md`: optional YAML front matter (`description`, `argument-hint`, `allowed-tools`, `model`),
 * then the prompt. Without a description, the prompt's first line stands for it.
 */
export function parseCommandFile(name: string, text: string, scope: CustomCommand['scope'], source: string): CustomCommand {
  const fail = (message: string): never => {
    throw new CommandFileError(`${source}: ${message}`);
  };
  if (!COMMAND_NAME.test(name)) fail('the file name is the command’s name: letters, digits, - and _');
  const match = FRONT_MATTER.exec(text);
  let data: unknown = {};
  if (match) {
    try {
      data = parseBoundedYaml(match[1]!, FILE_YAML_LIMITS) ?? {};
    } catch (error) {
      fail(`the front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  const checked = frontMatterSchema.safeParse(data);
  if (!checked.success) {
    fail(
      checked.error.issues
        .map(
          (issue) =>
            `${issue.path.join('.') || 'front matter'}: ${issue.code === 'unrecognized_keys' ? `unknown key ${issue.keys.join(', ')} (known: description, argument-hint, allowed-tools, model)` : issue.message}`,
        )
        .join('; '),
    );
  }
  const front = checked.data!;
  const body = (match ? text.slice(match[0].length) : text).trim();
  if (!body) fail('the prompt is empty: write it after the front matter');
  const description =
    front.description ??
    body
      .split('\n')[0]!
      .replace(/^#+\s*/, '')
      .slice(0, 80);
  return {
    name,
    description,
    ...(front['argument-hint'] && { argumentHint: front['argument-hint'] }),
    allowedTools: front['allowed-tools'] ?? [],
    ...(front.model && { model: front.model }),
    body,
    scope,
    source,
  };
}
