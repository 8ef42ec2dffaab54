import { maskSecretShapes } from './secret-shapes.js';
import { isSecretName } from './secret-names.js';

// Token shapes that are secrets wherever they appear (as in maskSecretShapes).
const TOKEN_SHAPES = [
  /\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/,
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/,
  /\bsk-[A-Za-z0-9_-]{16,}/,
  /\bAIza[0-9A-Za-z_-]{30,}/,
  /\b(?:ghp|gho|ghs|github_pat)_[A-Za-z0-9_]{20,}/,
];
// `password=hunter22`, `"api_key": "k-123456"`, `TOKEN: abc123def`: a value assigned to a secret-looking name.
const ASSIGNMENT = /([\w.-]+)["']?\s*[:=]\s*["']?([^\s"',;&}`)]+)/g;

/**
 * Lines of free text (notes, facts, file content) that hold a secret in clear, shown masked so a
 * refusal does not repeat it. Stricter than shape masking, which may mask too much: here a false
 * alarm blocks a write, so an assigned value counts only when it looks like a credential (a digit
 * in it, or a long unbroken string) — `Token: see /login` is prose, `token: abc123` is not.
 * `{{VAR}}` placeholders are never secrets.
 */
export function secretLines(text: string): string[] {
  return text.split('\n').flatMap((line) => (holdsSecret(line) ? [maskSecretShapes(line).trim()] : []));
}

function holdsSecret(line: string): boolean {
  if (TOKEN_SHAPES.some((shape) => shape.test(line))) return true;
  return [...line.matchAll(ASSIGNMENT)].some(([, name = '', value = '']) => isSecretName(name) && looksLikeCredential(value));
}

function looksLikeCredential(value: string): boolean {
  if (value.length < 6 || value.startsWith('[') || value.startsWith('{{') || /^(https?:)?\//i.test(value)) return false;
  if (/^(bearer|basic|token|digest)$/i.test(value)) return false;
  return /\d/.test(value) || value.length >= 16;
}
