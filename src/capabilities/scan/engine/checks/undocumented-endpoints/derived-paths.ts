import { PLACE_WORDS, PROBE_WORDS, type ProbeWord, THING_WORDS } from './probe-words.js';
import { PROBE_CAPS } from './probe-caps.js';
import { specPrefixes } from './spec-prefixes.js';

/** A path made from the spec's own prefixes and Falcon's words. */
export interface DerivedPath {
  path: string;
  /** Its last word: what answers there and how severe that is. */
  word: ProbeWord;
}

/**
 * The paths worth probing that the spec does not list, in the order probed, each once: every
 * documented prefix with each word (the prefixes that hold the most paths with the most telling
 * words first), then a place and a thing — under each documented prefix that ends in a place
 * (`/api/v2/admin/export`), then from the root (`/debug/config`). `skip` says which paths are
 * documented or probed already; each kind stops at its cap (PROBE_CAPS).
 */
export function derivedPaths(specPaths: readonly string[], skip: (path: string) => boolean): DerivedPath[] {
  const seen = new Set<string>();
  const firstFresh = (candidates: DerivedPath[], cap: number) => {
    const taken: DerivedPath[] = [];
    for (const candidate of candidates) {
      if (taken.length === cap) break;
      if (seen.has(candidate.path) || skip(candidate.path)) continue;
      seen.add(candidate.path);
      taken.push(candidate);
    }
    return taken;
  };
  const prefixes = specPrefixes(specPaths).map((entry) => entry.prefix);
  const single = diagonal(prefixes, PROBE_WORDS).map(([prefix, word]) => ({ path: `${prefix}/${word.word}`, word }));
  const places = prefixes.filter((prefix) => PLACE_WORDS.some((place) => place.word === prefix.split('/').pop()?.toLowerCase()));
  const underPlaces = places.flatMap((prefix) => THING_WORDS.map((word) => ({ path: `${prefix}/${word.word}`, word })));
  const fromRoot = diagonal(PLACE_WORDS, THING_WORDS).map(([place, word]) => ({ path: `/${place.word}/${word.word}`, word }));
  return [...firstFresh(single, PROBE_CAPS.wordPaths), ...firstFresh([...underPlaces, ...fromRoot], PROBE_CAPS.twoWordPaths)];
}

/** Every pair of a first and a second, the pairs of the earliest of both first: (0,0), (0,1), (1,0), (0,2), (1,1), (2,0)… */
function diagonal<A, B>(firsts: readonly A[], seconds: readonly B[]): Array<[A, B]> {
  const pairs: Array<[A, B]> = [];
  for (let sum = 0; sum < firsts.length + seconds.length - 1; sum++) {
    for (let first = Math.max(0, sum - seconds.length + 1); first <= Math.min(sum, firsts.length - 1); first++)
      pairs.push([firsts[first]!, seconds[sum - first]!]);
  }
  return pairs;
}
