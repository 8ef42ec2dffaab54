import type { JsonSchema } from '../../../../engines/spec/spec-format.js';

/** More alternatives than this left unpaired on a side are paired in order, not by trying each pair. */
const MOST_TRIED = 8;

export interface VariantPairing {
  /** Old index → new index. */
  pairs: Array<[number, number]>;
  removed: number[];
  added: number[];
}

export interface VariantJudge {
  /** Whether two alternatives are the same schema. */
  same(old: JsonSchema, current: JsonSchema): boolean;
  /** How many changes lie between two alternatives. */
  distance(old: JsonSchema, current: JsonSchema): number;
}

/**
 * The alternatives of a `oneOf` or `anyOf` in both specs, paired: the same schema first, then by
 * title; when as many are left on each side, each old one with the new one it differs least from
 * (the earlier on a tie); else what is left was removed or added.
 */
export function pairVariants(old: readonly JsonSchema[], current: readonly JsonSchema[], judge: VariantJudge): VariantPairing {
  const oldLeft = old.map((_schema, index) => index);
  const newLeft = current.map((_schema, index) => index);
  const pairs: Array<[number, number]> = [];
  const take = (oldIndex: number, newIndex: number) => {
    pairs.push([oldIndex, newIndex]);
    oldLeft.splice(oldLeft.indexOf(oldIndex), 1);
    newLeft.splice(newLeft.indexOf(newIndex), 1);
  };
  const pairWhere = (match: (a: JsonSchema, b: JsonSchema) => boolean) => {
    for (const oldIndex of [...oldLeft]) {
      const newIndex = newLeft.find((index) => match(old[oldIndex]!, current[index]!));
      if (newIndex !== undefined) take(oldIndex, newIndex);
    }
  };
  pairWhere((a, b) => judge.same(a, b));
  pairWhere((a, b) => typeof a.title === 'string' && a.title === b.title);
  if (oldLeft.length === newLeft.length) {
    for (const oldIndex of [...oldLeft]) {
      const tried = oldLeft.length <= MOST_TRIED;
      const distances = newLeft.map((newIndex) => (tried ? judge.distance(old[oldIndex]!, current[newIndex]!) : 0));
      take(oldIndex, newLeft[distances.indexOf(Math.min(...distances))]!);
    }
  }
  return { pairs, removed: oldLeft, added: newLeft };
}
