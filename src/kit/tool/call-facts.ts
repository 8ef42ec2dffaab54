/**
 * What a compaction checkpoint must name of one call, whatever its summary says: the files it read or
 * changed, the requests it sent (`GET {{BASE_URL}}/users → HTTP 200 OK`), the variables it set, the
 * tools whose reference it brought. Each list is optional; a call that did none of these has none.
 */
export interface CallFacts {
  filesRead?: string[];
  filesChanged?: string[];
  requests?: string[];
  variables?: string[];
  /** Names of tools whose full reference the call returned; the checkpoint keeps those that exist. */
  toolsLoaded?: string[];
}

/**
 * A call as the conversation keeps it, which is what a checkpoint is made from (and what a resumed
 * session has): the arguments as the model wrote them, not yet checked, and the observation it read.
 */
export interface CallInHistory {
  args: Record<string, unknown>;
  /** The observation, as the model read it. */
  text: string;
  /** False when the call failed, was refused or was cancelled. */
  ok: boolean;
}

/** An argument as a fact names it: a string with something in it, trimmed; else undefined. */
export function factArgument(args: Record<string, unknown>, name: string): string | undefined {
  const value = args[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The first line of an observation, cut to 120 characters: what a fact quotes of it. */
export function firstLineOf(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}
