// The tool a name in a reply means. Models write Falcon's names in other cases and separator styles
// (`Glob`, `read-file`, `readFile`), qualified (`functions.read_file`, `default_api.read_file`), or as
// the agent they were trained on names the same job (`Read`, `Bash`, `LS`, `WebFetch`): each counts when
// it points to one tool only. Anything else is unknown, and the model is told which names it may have
// meant.
import { ARGUMENT_SPELLINGS, OTHER_AGENTS_TOOLS, SUGGESTED_FOR } from './other-agents-tools.js';

export interface ToolMatch {
  /** The tool's own name. */
  name: string;
  /** The call's arguments as the tool names them. */
  respell(args: Record<string, unknown>): Record<string, unknown>;
}

const SEPARATORS = /[-_\s]/g;
const MAX_SUGGESTIONS = 3;

/** Lower case without separators: `read_file`, `read-file`, `readFile` and `READ_FILE` are one name. */
export function normalizedToolName(name: string): string {
  return name.replace(SEPARATORS, '').toLowerCase();
}

export function matchToolName(name: string, known: ReadonlySet<string>): ToolMatch | undefined {
  if (known.has(name)) return matchOf(name);
  const unqualified = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
  if (unqualified !== name && known.has(unqualified)) return matchOf(unqualified);
  const wanted = normalizedToolName(unqualified);
  if (wanted === '') return undefined;
  const same = [...known].filter((candidate) => normalizedToolName(candidate) === wanted);
  if (same.length === 1) return matchOf(same[0] ?? '');
  if (same.length > 1) return undefined;
  const other = OTHER_AGENTS_TOOLS[wanted];
  return other && known.has(other.tool) ? matchOf(other.tool, other.implied) : undefined;
}

/** What the model reads when it calls a tool that does not exist. */
export function unknownToolError(name: string, known: ReadonlySet<string>): string {
  const suggestions = suggestToolNames(name, known);
  const meant = suggestions.length > 0 ? ` Did you mean ${suggestions.join(' or ')}?` : '';
  return `Error: unknown tool "${name}".${meant} Available tools: ${[...known].join(', ')}.`;
}

/** The known names a call by `name` probably meant, best first; none when nothing is close. */
export function suggestToolNames(name: string, known: ReadonlySet<string>): string[] {
  const wanted = normalizedToolName(name.slice(name.lastIndexOf('.') + 1));
  if (wanted === '') return [];
  const hinted = (SUGGESTED_FOR[wanted] ?? []).filter((candidate) => known.has(candidate));
  const close = [...known]
    .map((candidate) => ({ candidate, distance: closeness(wanted, normalizedToolName(candidate)) }))
    .filter((entry): entry is { candidate: string; distance: number } => entry.distance !== undefined)
    .sort((a, b) => a.distance - b.distance)
    .map((entry) => entry.candidate);
  return [...new Set([...hinted, ...close])].slice(0, MAX_SUGGESTIONS);
}

function matchOf(name: string, implied: Readonly<Record<string, unknown>> = {}): ToolMatch {
  const spellings = ARGUMENT_SPELLINGS[name] ?? {};
  return {
    name,
    respell(args) {
      const respelled: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(args)) {
        const spelled = spellings[key];
        const ours = spelled === undefined ? key : spelled;
        if (ours === null) continue;
        if (ours !== key && (Object.hasOwn(args, ours) || Object.hasOwn(respelled, ours))) respelled[key] = value;
        else respelled[ours] = value;
      }
      for (const [key, value] of Object.entries(implied)) if (!Object.hasOwn(respelled, key)) respelled[key] = value;
      return respelled;
    },
  };
}

/** How far apart two normalized names are: one inside the other, or a few edits; undefined when not close. */
function closeness(wanted: string, candidate: string): number | undefined {
  if (wanted.length >= 3 && (candidate.includes(wanted) || wanted.includes(candidate))) return 0;
  const distance = editDistance(wanted, candidate);
  return distance <= Math.min(2, Math.floor(candidate.length / 3)) ? distance : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
