import { MASK } from './masked-marker.js';
import { maskSecretAssignments } from './secret-assignments.js';
import { PLACEHOLDER } from './secret-names.js';
import { maskSecretShapes } from './secret-shapes.js';

/**
 * Shape masking for text that may hold `{{VAR}}` placeholders (saved requests, environments): a line
 * whose only secret-shaped values are placeholders stays as it is, so `TOKEN: {{env:TOKEN}}` still
 * says where the value comes from. Values of secret-looking names (`API_TOKEN: abc`) are masked too.
 */
export function maskKeepingPlaceholders(text: string): string {
  return maskSecretAssignments(text)
    .split('\n')
    .map((line) => {
      const neutral = line.replace(PLACEHOLDER, MASK);
      return maskSecretShapes(neutral) === neutral ? line : maskSecretShapes(line);
    })
    .join('\n');
}
