// JSON from outside (response bodies, fetched schemas, baselines) is measured before it is parsed:
// the readers behind Falcon's checks recurse once per level and run out of stack a thousand or so
// levels down (JSONPath's `..` first, then lossless-json, JSON.stringify and ajv).

/** Levels of objects and arrays Falcon reads: far beyond what APIs send, far below where the readers fail. */
export const MAX_JSON_DEPTH = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** JSON nested deeper than MAX_JSON_DEPTH; the message reads on after "the body is …". */
export class JsonTooDeepError extends Error {
  override name = 'JsonTooDeepError';

  constructor(readonly depth: number) {
    super(`JSON nested ${depth.toLocaleString('en-US')} levels deep; Falcon reads JSON up to ${MAX_JSON_DEPTH} levels`);
  }
}

/** How many objects and arrays are open at most at once in JSON text; brackets in strings do not count. */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      deepest = Math.max(deepest, ++depth);
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return deepest;
}

/** Throws JsonTooDeepError when the text nests deeper than MAX_JSON_DEPTH. */
export function refuseDeepJson(text: string): void {
  const depth = jsonTextDepth(text);
  if (depth > MAX_JSON_DEPTH) throw new JsonTooDeepError(depth);
}
