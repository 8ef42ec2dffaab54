import type { ToolKind } from '../../tools/tool.js';

/** Requests that only read. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Actions of the multi-action tools that change nothing. */
const READING_ACTIONS = new Set(['list', 'get', 'recall', 'load', 'show', 'read', 'status', 'logs']);
/** Network tools that only fetch: a spec, or the API's GET operations. */
const READING_NETWORK_TOOLS = new Set(['ingest_spec', 'run_smoke', 'check_regression']);

export interface PlannedCall {
  tool: string;
  /** Undefined for a step a running tool asks about under a name that is no tool. */
  kind: ToolKind | undefined;
  args: Record<string, unknown>;
}

/**
 * Why plan mode refuses this call, or undefined when it only reads. Plan mode is read-only: no tool
 * that writes (but its reading actions), no command, no request but GET, HEAD and OPTIONS.
 */
export function planModeRefusal(call: PlannedCall): string | undefined {
  const what = refusedWork(call);
  if (!what) return undefined;
  return (
    `Plan mode is on: ${call.tool} was not run, as it ${what}. Plan mode is read-only — reading code, ` +
    'listing and searching files and GET requests only. Describe the change you propose instead; the user ' +
    'switches the mode to carry it out.'
  );
}

function refusedWork({ tool, kind, args }: PlannedCall): string | undefined {
  switch (kind) {
    case 'write':
      return isReadingAction(args) ? undefined : 'changes files or saved state';
    case 'exec':
      return isReadingAction(args) ? undefined : 'runs a command';
    case 'network': {
      if (READING_NETWORK_TOOLS.has(tool)) return undefined;
      if (tool !== 'http_request') return 'sends requests that may change data';
      // Either may be what the server does: the method, or the one a header asks it to stand for.
      const method = typeof args.method === 'string' ? args.method.toUpperCase() : 'non-GET';
      const changing = [method, overriddenMethod(args.headers)].find((each) => each !== undefined && !READING_METHODS.has(each));
      return changing && `sends a ${changing} request`;
    }
    default:
      return undefined;
  }
}

function isReadingAction(args: Record<string, unknown>): boolean {
  return typeof args.action === 'string' && READING_ACTIONS.has(args.action);
}

/** Headers by which many frameworks let a GET or POST stand for another method. */
const METHOD_OVERRIDES = new Set(['x-http-method-override', 'x-http-method', 'x-method-override']);

/** The method a method-override header asks the server for: `X-HTTP-Method-Override: DELETE` on a GET is a DELETE. */
function overriddenMethod(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const override = Object.entries(headers).find(([name]) => METHOD_OVERRIDES.has(name.trim().toLowerCase()));
  return override === undefined ? undefined : String(override[1]).trim().toUpperCase();
}
