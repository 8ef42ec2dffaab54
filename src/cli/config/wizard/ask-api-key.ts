import { password, select } from '@inquirer/prompts';
import type { WizardContext } from './wizard-context.js';
import { maskApiKey } from '../../../safety/mask-api-key.js';

export interface ApiKeyQuestion {
  /** The provider's name as the user knows it: "OpenAI", "lmstudio". */
  label: string;
  /** The key the provider has now. */
  current?: string | null;
  /** The variable that stands in for an empty key. */
  variable?: string;
  /** A local OpenAI-compatible server usually takes none. */
  optional?: boolean;
}

type KeyChoice = 'keep' | 'env' | 'new' | 'none';

/**
 * Asks for an API key, offering the current one and the environment's first. Returns the key to
 * save, or `null` to save none (so the environment's applies, or no key at all).
 */
export async function askApiKey(question: ApiKeyQuestion, ctx: WizardContext): Promise<string | null> {
  const current = question.current?.trim();
  const fromEnv = question.variable ? ctx.env[question.variable]?.trim() : undefined;
  const choices: { value: KeyChoice; name: string }[] = [];
  if (current) choices.push({ value: 'keep', name: `Keep the current key (${maskApiKey(current)})` });
  if (fromEnv) choices.push({ value: 'env', name: `Use ${question.variable} from the environment (${maskApiKey(fromEnv)})` });
  choices.push({ value: 'new', name: 'Enter a new key' });
  if (question.optional) choices.push({ value: 'none', name: 'No key' });

  const choice = choices.length === 1 ? 'new' : await select({ message: `${question.label} API key`, choices });
  switch (choice) {
    case 'keep':
      return current!;
    case 'env':
    case 'none':
      return null;
    case 'new':
      return (
        await password({
          message: `${question.label} API key`,
          mask: '*',
          validate: (value) => value.trim() !== '' || 'The key cannot be empty.',
        })
      ).trim();
  }
}
