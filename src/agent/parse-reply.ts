// Tolerant parser for the model's text protocol (DESIGN.md §2):
//   Thought: <reasoning>
//   ACTION: tool_name({"json": "arguments"})
// or
//   Final Answer: <answer>

export type ParsedReply =
  | { kind: 'call'; thought?: string; name: string; args: Record<string, unknown> }
  | { kind: 'bad_call'; thought?: string; name: string; problem: string } // the model tried to call a tool but the arguments were unreadable
  | { kind: 'answer'; thought?: string; text: string };

interface CallSite {
  name: string;
  /** Where the call begins; the thought ends here. */
  start: number;
  /** Index of the `(` that opens the arguments. */
  openParen: number;
}

type ArgsResult = { ok: true; args: Record<string, unknown> } | { ok: false; problem: string };

// `ACTION:` marker (any case, optional spaces, optional Markdown bold) + tool name + `(`.
const EXPLICIT_CALL = /(?:\*\*)?\baction[ \t]*:(?:\*\*)?[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*\(/gi;
// A line that begins (after indentation or a bullet) with an identifier immediately followed by `(`.
const BARE_CALL = /^[ \t]*(?:(?:[-*+•]|\d+\.)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)\(/gm;
const FINAL_ANSWER = /\bfinal[ \t]+answer[ \t]*:/i;
const THOUGHT_MARKER = /^[ \t]*thought[ \t]*:/im;
const TRAILING_FENCE_OPENER = /[ \t]*```[\w-]*\s*$/;

export function parseReply(reply: string, knownTools: ReadonlySet<string>): ParsedReply {
  const text = reply.replace(/\r\n?/g, '\n');
  const finalMatch = FINAL_ANSWER.exec(text);
  const finalStart = finalMatch ? finalMatch.index : -1;
  const call = findFirstCall(text, knownTools, finalStart);

  if (call) {
    const thought = extractThought(text, cutoff(call.start, finalStart));
    const result = parseArguments(text, call.openParen, call.name);
    return result.ok
      ? { kind: 'call', thought, name: call.name, args: result.args }
      : { kind: 'bad_call', thought, name: call.name, problem: result.problem };
  }
  if (finalMatch) {
    const answer = text.slice(finalMatch.index + finalMatch[0].length).trim();
    return { kind: 'answer', thought: extractThought(text, finalMatch.index), text: answer };
  }
  return { kind: 'answer', text: text.trim() };
}

function cutoff(callStart: number, finalStart: number): number {
  return finalStart >= 0 ? Math.min(callStart, finalStart) : callStart;
}

function findFirstCall(text: string, knownTools: ReadonlySet<string>, finalStart: number): CallSite | undefined {
  const candidates: CallSite[] = [];
  for (const m of text.matchAll(EXPLICIT_CALL)) {
    candidates.push(toCallSite(m));
  }
  for (const m of text.matchAll(BARE_CALL)) {
    if (knownTools.has(m[1] ?? '')) candidates.push(toCallSite(m));
  }
  const examples = fencesAfter(text, finalStart);
  return candidates
    .filter((c) => !examples.some(([from, to]) => c.start > from && c.start < to))
    .sort((a, b) => a.start - b.start)[0];
}

function toCallSite(m: RegExpExecArray | RegExpMatchArray): CallSite {
  const start = m.index ?? 0;
  return { name: m[1] ?? '', start, openParen: start + m[0].length - 1 };
}

/**
 * Code fences that open after the Final Answer marker. A call written inside one is an example in the
 * answer's Markdown (e.g. "to reproduce, run: ```ACTION: …```"), not a request to run a tool.
 */
function fencesAfter(text: string, from: number): Array<[number, number]> {
  if (from < 0) return [];
  const ranges: Array<[number, number]> = [];
  let openedAt = -1;
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (isFenceLine(line)) {
      if (openedAt < 0) openedAt = lineStart;
      else {
        ranges.push([openedAt, lineStart + line.length]);
        openedAt = -1;
      }
    }
    lineStart += line.length + 1;
  }
  if (openedAt >= 0) ranges.push([openedAt, text.length]);
  return ranges.filter(([start]) => start > from);
}

/** The reasoning before `end`, without the `Thought:` marker or a still-open fence that wraps the call. */
function extractThought(text: string, end: number): string | undefined {
  let before = text.slice(0, end);
  const marker = THOUGHT_MARKER.exec(before);
  if (marker) before = before.slice(marker.index + marker[0].length);
  if (countFenceLines(before) % 2 === 1) before = before.replace(TRAILING_FENCE_OPENER, '');
  const thought = before.trim();
  return thought === '' ? undefined : thought;
}

function countFenceLines(text: string): number {
  return text.split('\n').filter(isFenceLine).length;
}

function isFenceLine(line: string): boolean {
  return line.trimStart().startsWith('```');
}

function parseArguments(text: string, openParen: number, name: string): ArgsResult {
  const start = skipWhitespace(text, openParen + 1);
  const first = text[start];
  if (first === undefined) return { ok: false, problem: `the arguments are not closed: expected ${example(name)}` };
  if (first === ')') return { ok: true, args: {} };
  if (first !== '{' && first !== '[') return parseJson(restOfCallLine(text, start), name);

  const end = findBalancedEnd(text, start);
  if (end < 0) {
    return {
      ok: false,
      problem: `the JSON object is not closed: every "{" needs a matching "}" and every string its closing quote, e.g. ${example(name)}`,
    };
  }
  const trailing = unexpectedTextAfter(text, end);
  if (trailing) {
    return {
      ok: false,
      problem: `unexpected text "${trailing}" after the JSON object; expected ")". Arguments must be one JSON object, e.g. ${example(name)}`,
    };
  }
  return parseJson(text.slice(start, end), name);
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

/**
 * Index just past the `}` or `]` that closes the bracket at `start`, or -1 if it never closes.
 * Brackets inside JSON strings (including escaped quotes) do not count.
 */
function findBalancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      inString = true;
    } else if (ch === '{' || ch === '[') {
      depth++;
    } else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * What follows the JSON on its line, if it is not the closing `)`. A missing `)` is tolerated
 * (line end, end of reply, or a closing fence / inline-code backtick).
 */
function unexpectedTextAfter(text: string, end: number): string | undefined {
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim();
  if (rest === '' || rest.startsWith(')') || rest.startsWith('`')) return undefined;
  return rest.length > 20 ? `${rest.slice(0, 20)}…` : rest;
}

function restOfCallLine(text: string, start: number): string {
  const lineEnd = text.indexOf('\n', start);
  return text
    .slice(start, lineEnd < 0 ? text.length : lineEnd)
    .trim()
    .replace(/\)\s*`*$/, '');
}

function parseJson(json: string, name: string): ArgsResult {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: `the arguments are not valid JSON (${reason}); arguments must be one JSON object, e.g. ${example(name)}`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: `arguments must be one JSON object, e.g. ${example(name)}, not ${describe(value)}` };
  }
  return { ok: true, args: value as Record<string, unknown> };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function example(name: string): string {
  return `${name}({"key": "value"})`;
}
