import { ScanUsageError } from './scan-usage-error.js';
import { RULE_NAMES, type RuleName } from './checks/all-checks.js';

/** `--checks bola,cors` (or `all`): the rules to run; undefined for all. An unknown name is refused. */
export function parseChecks(names: readonly string[] | undefined): RuleName[] | undefined {
  if (names === undefined || names.includes('all')) return undefined;
  const unknown = names.filter((name) => !(RULE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new ScanUsageError(`unknown check ${unknown.map((name) => `"${name}"`).join(', ')}; the checks are ${RULE_NAMES.join(', ')}, or all`);
  return [...new Set(names as RuleName[])];
}
