import type { SecurityRequirement, SecurityScheme } from '../../../../engines/spec/spec-format.js';
import type { ChangeLog, OperationChanges } from './spec-change.js';
import { shownValues } from './shown-value.js';

const SECURITY = 'security';

/**
 * An operation's security in both specs. Its requirements are alternatives (any one will do); an
 * empty list, or an empty alternative, lets anyone call it. An alternative is known by the schemes
 * it names together; what it asks of each scheme is its OAuth scopes.
 */
export function compareSecurity(old: readonly SecurityRequirement[], current: readonly SecurityRequirement[], record: OperationChanges): void {
  const before = alternatives(old);
  const after = alternatives(current);
  const anyoneBefore = before.has('');
  const anyoneAfter = after.has('');
  if (anyoneBefore && !anyoneAfter) {
    record('security-added', [SECURITY], `authentication now required: ${[...after.keys()].sort().join(' or ')}`);
    return;
  }
  if (!anyoneBefore && anyoneAfter) {
    record('security-removed', [SECURITY], 'authentication now optional');
    return;
  }
  if (anyoneAfter) return;
  for (const [key, scopes] of before) {
    const newScopes = after.get(key);
    if (!newScopes) {
      record('security-alternative-removed', [SECURITY, key], 'no longer accepted');
      continue;
    }
    for (const [scheme, wanted] of newScopes) {
      const had = scopes.get(scheme) ?? new Set<string>();
      const added = [...wanted].filter((scope) => !had.has(scope));
      const removed = [...had].filter((scope) => !wanted.has(scope));
      if (added.length > 0) record('security-scope-added', [SECURITY, key], `${scopeWord(added)} ${shownValues(added)} now required for ${scheme}`);
      if (removed.length > 0)
        record('security-scope-removed', [SECURITY, key], `${scopeWord(removed)} ${shownValues(removed)} no longer required for ${scheme}`);
    }
  }
  for (const key of after.keys()) {
    if (!before.has(key)) record('security-alternative-added', [SECURITY, key], 'now accepted');
  }
}

/**
 * The security schemes both specs name alike: one that now works another way (another kind, another
 * header, query or cookie name) is refused to clients configured for the old one.
 */
export function compareSecuritySchemes(old: Readonly<Record<string, SecurityScheme>>, current: Readonly<Record<string, SecurityScheme>>, log: ChangeLog): void {
  for (const [name, oldScheme] of Object.entries(old)) {
    const newScheme = Object.hasOwn(current, name) ? current[name] : undefined;
    if (!newScheme || describeScheme(oldScheme) === describeScheme(newScheme)) continue;
    log.record('security-scheme-changed', undefined, [`security scheme ${name}`], `changed from ${describeScheme(oldScheme)} to ${describeScheme(newScheme)}`);
  }
}

/** Each alternative by its schemes (`oauth + apiKey`, `` for anyone), with the scopes it asks of each. */
function alternatives(requirements: readonly SecurityRequirement[]): Map<string, Map<string, Set<string>>> {
  const result = new Map<string, Map<string, Set<string>>>();
  if (requirements.length === 0) result.set('', new Map());
  for (const requirement of requirements) {
    const schemes = Object.keys(requirement).sort();
    const key = schemes.join(' + ');
    const scopes = result.get(key) ?? new Map<string, Set<string>>();
    for (const scheme of schemes) {
      const list = Array.isArray(requirement[scheme]) ? requirement[scheme] : [];
      scopes.set(scheme, new Set([...(scopes.get(scheme) ?? []), ...list.filter((scope) => typeof scope === 'string')]));
    }
    result.set(key, scopes);
  }
  return result;
}

function describeScheme(scheme: SecurityScheme): string {
  if (scheme.type === 'apiKey') return `apiKey in ${scheme.in ?? '?'} ${JSON.stringify(scheme.name ?? '')}`;
  if (scheme.type === 'http') return `http ${(scheme.scheme ?? '').toLowerCase()}`.trimEnd();
  return scheme.type;
}

function scopeWord(scopes: readonly string[]): string {
  return scopes.length === 1 ? 'scope' : 'scopes';
}
