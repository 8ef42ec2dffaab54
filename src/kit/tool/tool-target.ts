/** What a permission rule's pattern is matched against: a shell command, a project path or a URL. */
export type TargetKind = 'command' | 'path' | 'url';

/** The one argument of a call that a rule `tool(pattern)` is about, as the model wrote it. */
export interface ToolTarget {
  kind: TargetKind;
  value: string;
}

/**
 * `Tool.target`: the call's target for permission rules, read from its arguments as written (not yet
 * checked against the schema, as a retried call's or a running tool's further step are); undefined
 * when the call has none, and then only bare rules (`tool`) match it.
 */
export type TargetOf = (args: Record<string, unknown>) => ToolTarget | undefined;

/** The default: the tool's calls have no target, so only bare rules match them. */
export const NO_TARGET: TargetOf = () => undefined;

/** A project path in `argument`; `fallback` when it is left out (`.`: the project's root). */
export function pathTarget(argument: string, fallback?: string): TargetOf {
  return textTarget('path', argument, fallback);
}

/** A shell command line in `argument`. */
export function commandTarget(argument: string): TargetOf {
  return textTarget('command', argument);
}

/** A URL in `argument`, `{{VAR}}` placeholders and all. */
export function urlTarget(argument: string): TargetOf {
  return textTarget('url', argument);
}

function textTarget(kind: TargetKind, argument: string, fallback?: string): TargetOf {
  return (args) => {
    const written = typeof args[argument] === 'string' ? args[argument] : fallback;
    return written === undefined ? undefined : { kind, value: written };
  };
}

/** A path inside `.falcon/` in `argument`, written with or without the folder: rules see `.falcon/<path>`. */
export function falconPathTarget(argument: string): TargetOf {
  return (args) => {
    const written = args[argument];
    return typeof written === 'string' ? { kind: 'path', value: `.falcon/${written.trim().replace(/^(\.\/)?\.falcon(\/|$)/, '')}` } : undefined;
  };
}
