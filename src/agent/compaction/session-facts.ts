// What a checkpoint must always name, read from the tool calls themselves rather than trusted to a
// summary: files read and changed, requests sent, variables set, tools loaded with tool_search.
import type { ToolStep } from './tool-steps.js';

export interface SessionFacts {
  filesRead: string[];
  filesChanged: string[];
  /** `GET {{BASE_URL}}/users → HTTP 200 OK` */
  requests: string[];
  variables: string[];
  /** Deferred tools whose references the model has seen; a checkpoint keeps them loaded. */
  toolsLoaded: string[];
}

/** Older entries give way to newer ones past this many per list. */
const MAX_ENTRIES = 40;
const READ_TOOLS = new Set(['read_file']);
const CHANGE_TOOLS = new Set(['edit_file', 'write_file']);
const REQUEST_TOOLS = new Set(['http_request']);
const TOOL_SEARCH = 'tool_search';
const REFERENCE_LINE = /^([a-z_][a-z0-9_]*) — /gm;

export function noFacts(): SessionFacts {
  return { filesRead: [], filesChanged: [], requests: [], variables: [], toolsLoaded: [] };
}

export function addFacts(facts: SessionFacts, steps: readonly ToolStep[], toolNames: ReadonlySet<string>): SessionFacts {
  const next = {
    filesRead: [...facts.filesRead],
    filesChanged: [...facts.filesChanged],
    requests: [...facts.requests],
    variables: [...facts.variables],
    toolsLoaded: [...facts.toolsLoaded],
  };
  for (const step of steps) {
    const path = text(step.args.path);
    if (READ_TOOLS.has(step.name) && step.ok && path) note(next.filesRead, path);
    if (CHANGE_TOOLS.has(step.name) && step.ok && path) note(next.filesChanged, path);
    if (REQUEST_TOOLS.has(step.name)) note(next.requests, describeRequest(step), { unique: false });
    if (step.name === 'request' && step.args.action === 'run' && text(step.args.name)) {
      note(next.requests, `saved request ${text(step.args.name)} → ${firstLine(step.observation)}`, { unique: false });
    }
    for (const variable of variablesSet(step)) note(next.variables, variable);
    if (step.name === TOOL_SEARCH && step.ok) {
      for (const match of step.observation.matchAll(REFERENCE_LINE)) {
        if (toolNames.has(match[1]!)) note(next.toolsLoaded, match[1]!);
      }
    }
  }
  return next;
}

function describeRequest(step: ToolStep): string {
  const call = `${text(step.args.method)?.toUpperCase() ?? 'GET'} ${text(step.args.url) ?? '?'}`;
  return `${call} → ${firstLine(step.observation).split(' · ')[0]}`;
}

function variablesSet(step: ToolStep): string[] {
  if (!step.ok) return [];
  if (step.name === 'variable' && step.args.action === 'set' && text(step.args.name)) return [text(step.args.name)!];
  if (step.name === 'extract_value' && text(step.args.save_as)) return [text(step.args.save_as)!];
  return [];
}

function note(list: string[], entry: string, { unique = true } = {}): void {
  if (unique) {
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
  }
  list.push(entry);
  if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function firstLine(observation: string): string {
  const line = observation.split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}
