import type { CaseKind } from '../test-case.js';

/**
 * Case ids `operationId/kind/slug` (`createPet/negative/name-wrong-type`), unique within one
 * generation: a repeated one gets `-2`, `-3`… in the order the cases are made, so the same spec
 * gives the same ids.
 */
export class CaseIds {
  private readonly taken = new Set<string>();

  next(operationId: string, kind: CaseKind, slug: string): string {
    const base = `${operationId}/${kind}/${slugOf(slug)}`;
    let id = base;
    for (let n = 2; this.taken.has(id); n++) id = `${base}-${n}`;
    this.taken.add(id);
    return id;
  }
}

/** `owner.name wrong type` → `owner-name-wrong-type`. */
export function slugOf(text: string): string {
  return text.replace(/[^A-Za-z0-9_]+/g, '-').replace(/^-+|-+$/g, '') || 'case';
}
