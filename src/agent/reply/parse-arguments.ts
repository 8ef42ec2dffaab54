// Turns argument text into one JSON object, repairing what models get almost right.
import { jsonrepair } from 'jsonrepair';
import { argumentTextProblem } from './argument-limits.js';
import { example, type ArgsResult } from './call-site.js';
import { literalBreaksAsSpaces } from './text-scan.js';

/** `beyondLimits`: the text was not read at all (see argumentTextProblem), and `reason` says why. */
export type LenientValue = { ok: true; value: unknown } | { ok: false; reason: string; beyondLimits?: true };

const ESCAPE = /\\([\s\S])/g;
const JSON_ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u', "'"]);

/**
 * Strict JSON first; else `jsonrepair` (single quotes, trailing commas, unquoted keys, raw newlines in
 * strings, Python literals, comments, code fences), after a `\n` written between tokens is made a space.
 */
export function parseLenient(raw: string): LenientValue {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    // repaired below
  }
  const problem = argumentTextProblem(raw);
  if (problem) return { ok: false, reason: problem, beyondLimits: true };
  try {
    return { ok: true, value: JSON.parse(jsonrepair(keepUnknownEscapes(literalBreaksAsSpaces(raw)))) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export function parseArguments(raw: string, name: string): ArgsResult {
  const parsed = parseLenient(raw);
  if (!parsed.ok && parsed.beyondLimits) return { ok: false, problem: parsed.reason };
  if (!parsed.ok) {
    return {
      ok: false,
      problem: `the arguments are not valid JSON (${parsed.reason}); arguments must be one JSON object, e.g. ${example(name)}`,
    };
  }
  return asArguments(parsed.value, name);
}

export function asArguments(value: unknown, name: string): ArgsResult {
  if (isRecord(value)) return { ok: true, args: value };
  // The object encoded as a JSON string, as OpenAI sends `arguments` and CrewAI's models copy.
  const encoded = typeof value === 'string' ? encodedObject(value) : undefined;
  if (encoded) return { ok: true, args: encoded };
  return { ok: false, problem: `arguments must be one JSON object, e.g. ${example(name)}, not ${describe(value)}` };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function encodedObject(text: string): Record<string, unknown> | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `"\d+"` is a regex the model meant, not an invalid escape to drop: keep the backslash. */
function keepUnknownEscapes(raw: string): string {
  return raw.replace(ESCAPE, (whole, ch: string) => (JSON_ESCAPES.has(ch) ? whole : `\\\\${ch}`));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
