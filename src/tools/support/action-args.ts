import { ToolError } from '../tool.js';

/** For each action of a tool: the fields it needs, and the others it accepts besides `action`. */
export type ActionFields<Action extends string> = Record<Action, { required?: readonly string[]; optional?: readonly string[] }>;

/**
 * Checks the fields an action needs and refuses the ones it would ignore, all problems at once:
 * a model that passes `url` to `load` should learn that it was not used, not guess.
 */
export function checkActionArgs<Action extends string>(
  tool: string,
  args: { action: Action } & Record<string, unknown>,
  fields: ActionFields<Action>,
): void {
  const { required = [], optional = [] } = fields[args.action];
  const problems: string[] = [];
  const missing = required.filter((field) => args[field] === undefined || args[field] === '');
  if (missing.length > 0) problems.push(`${args.action} needs ${missing.join(' and ')}`);
  const allowed = new Set(['action', ...required, ...optional]);
  const unused = Object.keys(args).filter((field) => !allowed.has(field) && args[field] !== undefined);
  if (unused.length > 0) {
    const accepts = [...required, ...optional];
    problems.push(`${args.action} does not use ${unused.join(', ')} (it takes ${accepts.length ? accepts.join(', ') : 'nothing else'})`);
  }
  if (problems.length > 0) throw new ToolError(`${tool}: ${problems.join('; ')}`);
}
