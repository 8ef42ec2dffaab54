import type { AlwaysScope } from '../../agent/approval/confirmations.js';
import type { AlwaysChoice } from '../../agent/approval/permissions/always-choices.js';

/** An answer "always": one of the confirmation's choices, for the session or the project. */
export interface AlwaysPick {
  scope: AlwaysScope;
  /** Index into the confirmation's `always` choices. */
  choice: number;
}

/** What "always" may allow, as the confirmation lists it after `a`: each choice for this session, then each saved in the project. */
export function alwaysOptions(choices: readonly AlwaysChoice[]): AlwaysPick[] {
  const scopes: AlwaysScope[] = ['session', 'project'];
  return scopes.flatMap((scope) => choices.map((_, choice) => ({ scope, choice })));
}

/** One line of that list, in words, with the rules it adds: `commands starting "npm test", for this session: bash(npm test *)`. */
export function describeAlwaysPick(choices: readonly AlwaysChoice[], pick: AlwaysPick): string {
  const choice = choices[pick.choice];
  if (!choice) return '';
  const rules = choice.rules.join(', ');
  return pick.scope === 'session' ? `${choice.label}, for this session: ${rules}` : `${choice.label}, in this project: adds ${rules} to .falcon/config.yaml`;
}

/** The keys of the list after `a`: `1–4`. */
export function alwaysKeys(options: readonly AlwaysPick[]): string {
  return options.length === 1 ? '1' : `1–${options.length}`;
}
