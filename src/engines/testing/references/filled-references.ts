import { maskText } from '../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { FilledReference } from '../test-run.js';
import type { UsedReference } from './fill-references.js';

/** The references as a result keeps them: each value masked like the rest of the report. */
export function filledReferences(used: readonly UsedReference[], secrets?: SecretRegistry): FilledReference[] {
  return used.map((reference) => ({
    slot: reference.label,
    placeholder: reference.placeholder,
    value: maskText(String(reference.value), { secrets }),
    from: reference.source,
  }));
}
