import path from 'node:path';
import { z } from 'zod';
import type { ServerReload, ServerSettings } from './types.js';

export const DEFAULT_READY_TIMEOUT_S = 60;
const MAX_READY_TIMEOUT_S = 1800;
export const DEFAULT_REQUEST_ID_HEADER = 'X-Request-Id';

/** RFC 9110 token characters: what a header name may hold. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Environment variable names as shells take them. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const HEADER_PROBLEM = 'expected a header name such as X-Request-Id, or false to send none';

const RELOADS = ['watch', 'restart', 'on_request'] as const;

const readySchema = z
  .strictObject({
    url: z.string().trim().min(1).nullish(),
    log: z.string().min(1).nullish(),
    timeout_s: z
      .int()
      .min(1)
      .max(MAX_READY_TIMEOUT_S, { error: (issue) => `expected ${MAX_READY_TIMEOUT_S} or less, got ${String(issue.input)}` })
      .nullish(),
  })
  .superRefine((ready, ctx) => {
    if (ready.url && ready.log)
      ctx.addIssue({ code: 'custom', path: ['log'], message: 'give either url (an address that answers once ready) or log (a line it prints once ready)' });
    if (ready.url && !/^(https?:\/\/|\{\{)/.test(ready.url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'expected an http:// or https:// URL, e.g. "{{BASE_URL}}/health"' });
    }
  });

/** `server:` of `.falcon/config.yaml`: how the API under test starts, when it is ready, how it takes a change. */
export const serverSchema = z
  .strictObject({
    command: z.string().trim().min(1),
    cwd: z.string().trim().min(1).nullish(),
    env: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).nullish(),
    ready: readySchema.nullish(),
    reload: z.enum(RELOADS).nullish(),
    watch: z.array(z.string().trim().min(1)).min(1, { error: 'expected at least one pattern, or leave watch out' }).nullish(),
    request_id_header: z.union([z.string().trim().min(1), z.literal(false)], { error: HEADER_PROBLEM }).nullish(),
  })
  .superRefine((server, ctx) => {
    if (server.cwd && (path.isAbsolute(server.cwd) || path.normalize(server.cwd).split(/[\\/]/)[0] === '..')) {
      ctx.addIssue({ code: 'custom', path: ['cwd'], message: 'expected a folder inside the project, relative to its root' });
    }
    for (const name of Object.keys(server.env ?? {})) {
      if (!VARIABLE_NAME.test(name)) ctx.addIssue({ code: 'custom', path: ['env', name], message: 'expected a variable name of letters, digits and _' });
    }
    const header = server.request_id_header;
    if (typeof header === 'string' && !HEADER_NAME.test(header)) ctx.addIssue({ code: 'custom', path: ['request_id_header'], message: HEADER_PROBLEM });
  });

export function toServerSettings(data: z.output<typeof serverSchema> | null | undefined): ServerSettings | undefined {
  if (!data) return undefined;
  const ready = data.ready ?? {};
  return {
    command: data.command,
    cwd: data.cwd ?? '.',
    env: data.env ?? {},
    ready: {
      ...(ready.url ? { url: ready.url } : ready.log ? { log: ready.log } : {}),
      timeoutS: ready.timeout_s ?? DEFAULT_READY_TIMEOUT_S,
    },
    reload: data.reload ?? reloadOf(data.command),
    reloadGuessed: !data.reload,
    ...(data.watch && { watch: data.watch }),
    requestIdHeader: data.request_id_header === false ? false : (data.request_id_header ?? DEFAULT_REQUEST_ID_HEADER),
  };
}

/** Commands that reload by themselves when a file changes: a watcher, a reloading dev server. */
const WATCHING = [
  /(^|\s)--watch\b/,
  /\bnodemon\b/,
  /\btsx\s+watch\b/,
  /\bts-node-dev\b/,
  /\bnest\s+start\b.*--watch|--watch\b.*\bnest\s+start\b/,
  /\buvicorn\b.*--reload\b/,
  /\bflask\b.*--debug\b|\bflask\b.*--reload\b/,
  /\bfastapi\s+dev\b/,
  /(^|\s|\/)air(\s|$)/,
  /\bcargo\s+watch\b/,
  /\bwatchexec\b/,
  /\bbun\b.*--(watch|hot)\b/,
  /\bdeno\b.*--watch\b/,
  /\bnext\s+dev\b|\bvite\b/,
];
/** Servers that read changed code again on the next request, in the same process. */
const PER_REQUEST = [/\brails\s+(s|server)\b/, /\bartisan\s+serve\b/, /\bphp\s+-S\b/];

/**
 * The reload a command implies when `reload:` is left out: a watcher reloads itself, Rails and PHP
 * read the code again for each request, anything else is restarted by Falcon.
 */
export function reloadOf(command: string): ServerReload {
  if (WATCHING.some((pattern) => pattern.test(command))) return 'watch';
  if (PER_REQUEST.some((pattern) => pattern.test(command))) return 'on_request';
  return 'restart';
}
