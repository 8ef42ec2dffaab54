import { input, search, select } from '@inquirer/prompts';

export interface ModelQuestion {
  /** What the provider lists; `undefined` when it did not answer. */
  models: string[] | undefined;
  /** The model configured now, or the usual one for a new provider. */
  current?: string;
}

/** Beyond this many models, a list to scroll becomes a list to search. */
const LONGEST_PLAIN_LIST = 15;
const TYPE_ANOTHER = Symbol('type another model');

/** Picks from the provider's live list (the current model preselected), or asks for a name when there is none. */
export async function chooseModel({ models, current }: ModelQuestion): Promise<string> {
  if (!models || models.length === 0) return typeModel(current);
  const preselected = models.find((model) => model === current || model === `${current}:latest`);
  if (models.length > LONGEST_PLAIN_LIST) {
    return search({
      message: 'Model (type to filter)',
      source: (term) => matching(models, term?.trim() ?? ''),
      default: preselected,
      pageSize: 12,
    });
  }
  const picked = await select<string | typeof TYPE_ANOTHER>({
    message: 'Model',
    choices: [...models, { value: TYPE_ANOTHER, name: 'Another model (type its name)' }],
    default: preselected,
    pageSize: LONGEST_PLAIN_LIST + 1,
  });
  return picked === TYPE_ANOTHER ? typeModel(current) : picked;
}

/** The listed models containing the term, and the term itself for a model the list does not show. */
function matching(models: string[], term: string): { value: string; name: string }[] {
  const found = models.filter((model) => model.toLowerCase().includes(term.toLowerCase()));
  const own = term && !models.includes(term) ? [{ value: term, name: `${term} (not listed; use this name)` }] : [];
  return [...found.map((model) => ({ value: model, name: model })), ...own];
}

async function typeModel(current: string | undefined): Promise<string> {
  const model = await input({
    message: 'Model',
    default: current,
    validate: (value) => value.trim() !== '' || 'Enter the name of a model.',
  });
  return model.trim();
}
