import { MASK } from './masked-marker.js';
import { isLiteralSecret, isSecretName } from './secret-names.js';
import { maskSecretShapes } from './secret-shapes.js';

/** Masks a value kept under a secret-looking name, unless it is only placeholders. */
export function maskNamedValue(name: string, value: string): string {
  return isSecretName(name) && isLiteralSecret(value) ? MASK : maskSecretShapes(value);
}

// `API_TOKEN: abc`, `"password": "abc",`, `SECRET=abc`: one assignment on a line of YAML, JSON or .env.
const ASSIGNMENT = /^(\s*(?:-\s+)?["']?)([\w.-]+)(["']?\s*[:=]\s*)(["']?)(.*?)(\4)(,?\s*)$/;

/** Masks values assigned to secret-looking names line by line, leaving placeholders as they are. */
export function maskSecretAssignments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const match = ASSIGNMENT.exec(line);
      if (!match) return line;
      const [, lead = '', name = '', separator = '', quote = '', value = '', , trail = ''] = match;
      if (!isSecretName(name) || !isLiteralSecret(value) || value.startsWith('[masked')) return line;
      return `${lead}${name}${separator}${quote}${MASK}${quote}${trail}`;
    })
    .join('\n');
}
