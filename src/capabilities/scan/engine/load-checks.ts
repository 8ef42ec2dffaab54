import type { CheckTable, SecurityCheck, SecurityRule } from './security-check.js';

export interface NamedCheck extends SecurityCheck {
  id: string;
}

/** The checks named (all when none are), loaded, in the table's order: the order reports list rules in. */
export async function loadChecks(table: CheckTable, names: readonly string[] = Object.keys(table)): Promise<NamedCheck[]> {
  const unknown = names.filter((name) => !Object.hasOwn(table, name));
  if (unknown.length > 0) throw new Error(`no check is named ${unknown.map((name) => `"${name}"`).join(', ')}`);
  const chosen = Object.keys(table).filter((id) => names.includes(id));
  return Promise.all(chosen.map(async (id) => ({ ...(await table[id]!()), id })));
}

/** The order a scan runs checks in: by their declared `runOrder`. */
export function inRunOrder(checks: readonly NamedCheck[]): NamedCheck[] {
  return [...checks].sort((a, b) => a.runOrder - b.runOrder);
}

/** Checks in run order, those that declare the same `runOrder` together: a scan runs each group's side by side. */
export function inPhases(checks: readonly NamedCheck[]): NamedCheck[][] {
  const phases: NamedCheck[][] = [];
  for (const check of inRunOrder(checks)) {
    const last = phases.at(-1);
    if (last && last[0]!.runOrder === check.runOrder) last.push(check);
    else phases.push([check]);
  }
  return phases;
}

/** What each check declares about its rule, by name, for the reports. */
export function declaredRules(checks: readonly NamedCheck[]): Record<string, SecurityRule> {
  return Object.fromEntries(checks.map(({ id, title, owasp, cwe, proof, remediation }) => [id, { title, owasp, cwe, proof, remediation }]));
}
