import { AsyncLocalStorage } from 'node:async_hooks';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { maskText } from '../../../safety/mask-text.js';
import { HttpRequestError } from '../../../engines/http/http-request-error.js';
import { CaseRequestError } from '../../../engines/testing/run/case-http-request.js';
import { CanaryListener } from './canary-listener.js';
import type { Finding } from './finding.js';
import { dedupeFindings, findingOf } from './finding-record.js';
import type { Identity } from './identity.js';
import { declaredRules, inPhases, inRunOrder, loadChecks, type NamedCheck } from './load-checks.js';
import { logIn, splitCredential, tokenIdentity } from './log-in.js';
import { findLoginOperation } from './login-operation.js';
import { CheckBudgetSpent, ScanClient, ScanStopped } from './scan-client.js';
import type { FindingDraft, ScanContext } from './scan-context.js';
import { scanTarget, type ScanTargetOptions } from './scan-target.js';
import type { CheckTable, SecurityRule } from './security-check.js';
import { ScanUsageError } from './scan-usage-error.js';
import { validRequests } from './valid-requests.js';
import { type ReplayVariable, replayLegend } from './replay/replay-legend.js';
import { ResidueGuard } from './residue/residue-guard.js';
import type { Residue } from './residue/residue.js';
import { maskStructured } from '../../../safety/mask-structured.js';

/** The check whose work a request belongs to, for the passive rules. One for every scan: see `request-gate.ts`. */
const runningCheck = new AsyncLocalStorage<string>();

/** Requests per second to one operation, and to the whole API. */
export const DEFAULT_SCAN_RATE = 20;
export const DEFAULT_MAX_SCAN_RATE = 100;
export const DEFAULT_MAX_REQUESTS = 3000;
const DEFAULT_TIMEOUT_MS = 10_000;

export interface ScanOptions extends ScanTargetOptions {
  /** Passwords, tokens and whatever a login returns are registered here; findings are masked with it. */
  secrets: SecretRegistry;
  /** `NAME:PASSWORD`, logged in through the spec's login operation (a GraphQL target takes tokens). */
  users?: string[];
  /** `NAME:TOKEN`, sent as a bearer token. */
  tokens?: string[];
  /** The login operation, `POST /auth/login`, when the spec's is not found by its path. */
  login?: string;
  /** On every request; `{{VAR}}` allowed. */
  headers?: Record<string, string>;
  /** The names of the table's checks to run; default: all of them. */
  checks?: readonly string[];
  allowDestructive?: boolean;
  /** Requests per second to one operation, bursts aside (default 20). */
  rate?: number;
  /** Requests per second to the whole API, bursts aside (default 100). */
  maxRate?: number;
  /** The host or address Falcon's SSRF canary listens on and the target is given (default 127.0.0.1). */
  canaryHost?: string;
  /** Requests in all (default 3,000). */
  maxRequests?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Before each check runs. */
  onCheck?(rule: string, index: number, total: number): void;
}

export interface ScanResult {
  /** The base URL scanned, or the GraphQL endpoint. */
  target: string;
  /** The spec's title (`GraphQL API` for an endpoint). */
  spec: string;
  findings: Finding[];
  /** Who the scan acted as: the names of the users and tokens given. */
  identities: string[];
  /** The checks that ran, or would have, in the order they ran. */
  checks: string[];
  /** What each of those checks declares about its rule, for the reports. */
  rules: Record<string, SecurityRule>;
  /** What could not be checked, and why. */
  notes: string[];
  /** Each variable the findings' reproductions read: what it holds and how to get it. */
  variables: ReplayVariable[];
  /** What the scan changed on the users' objects and could not set back, and the objects it created and did not delete. */
  residue: Residue;
  requests: number;
  interrupted?: boolean;
}

/**
 * Scans the API the spec describes, at its base URL — or a GraphQL endpoint, with the checks that
 * have GraphQL probes — as the given users: each check of the table
 * (`ALL_CHECKS` of checks/all-checks.ts, or the ones named) in its turn, every request paced and
 * counted, every answer (logins included) read by the passive rules among them. Throws ScanUsageError for what the user must fix (no spec, no
 * base URL, a login that fails) and TargetUnreachableError before sending anything to a target that is down.
 */
export async function runScan(options: ScanOptions, table: CheckTable): Promise<ScanResult> {
  const named = await loadChecks(table, options.checks);
  const signal = options.signal ?? new AbortController().signal;
  const headers = await options.variables.resolveDeep(options.headers ?? {});
  const { spec, baseUrl, graphql } = await scanTarget(options, headers, signal);
  // A GraphQL endpoint is probed by the rules that have GraphQL probes, a REST API by the others.
  const chosen = named.filter((check) => (graphql ? check.runGraphQL : check.run));
  const rules = declaredRules(chosen);
  const checks = inRunOrder(chosen);
  // A canary host it cannot listen on is the user's to fix, said before anything is sent; opened once, closed however the scan ends.
  let canary = options.canaryHost === undefined ? undefined : await startCanary(options.canaryHost);
  try {
    const drafts: Array<{ rule: string; draft: FindingDraft }> = [];
    const https = new URL(baseUrl).protocol === 'https:';
    const passive = checks.flatMap(({ id, passive: read }) => (read ? [{ rule: id, read }] : []));
    const client = new ScanClient({
      baseUrl,
      headers,
      rate: options.rate ?? DEFAULT_SCAN_RATE,
      maxRate: options.maxRate ?? DEFAULT_MAX_SCAN_RATE,
      maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      allowDestructive: options.allowDestructive ?? false,
      signal,
      onExchange: (request, exchange, identity) => {
        for (const { rule, read } of passive)
          for (const draft of read({ request, exchange, identity, https, sentBy: runningCheck.getStore() })) drafts.push({ rule, draft });
      },
    });
    const identities = await signIn(options, client, spec.operations, graphql !== undefined);
    const guard = new ResidueGuard(client, {
      spec,
      identities,
      allowDestructive: options.allowDestructive ?? false,
      login: identities.find((identity) => identity.login)?.login?.operation.operation,
    });
    const requests = await validRequests(spec, spec.operations, options.variables);
    const notes: string[] = unprobed(named, chosen, options.checks, graphql !== undefined);
    const context: Omit<ScanContext, 'report'> = {
      baseUrl,
      spec,
      operations: spec.operations,
      identities,
      allowDestructive: options.allowDestructive ?? false,
      send: (request, identity) => guard.send(request, identity),
      burst: (batch, identity) => guard.burst(batch, identity),
      alone: (work) => client.alone(work),
      validRequest: (operation) => structuredClone(requests.get(operation.id)),
      note: (text) => notes.push(text),
      canary: async () => (canary ??= await startCanary(options.canaryHost)),
      ...(options.canaryHost !== undefined && { canaryHost: options.canaryHost }),
      ...(graphql && { graphql }),
      signal,
    };
    let interrupted = false;
    let position = 0;
    for (const phase of inPhases(chosen)) {
      const first = position;
      position += phase.length;
      for (const [offset, check] of phase.entries()) options.onCheck?.(check.id, first + offset, checks.length);
      // For each check, twice an even part of what is left: cheap checks leave their unspent part to the ones after them.
      const share = Math.max(MIN_CHECK_SHARE, Math.floor((2 * (client.budget - client.requestsSent)) / (checks.length - first)));
      client.startCheck(share * phase.length);
      const runs = await runSideBySide(phase, context);
      for (const run of runs) {
        drafts.push(...run.drafts.map((draft) => ({ rule: run.rule, draft })));
        notes.push(...run.notes);
      }
      const stoppedRun = runs.find((run) => run.stopped);
      const rule = (stoppedRun ?? runs.at(-1)!).rule;
      let stopped = stoppedRun?.stopped;
      // What the checks changed is set back before the next ones run, whatever stopped them; a stop by the user leaves it listed.
      stopped ??= await guard.settle().then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof ScanStopped) return error;
          throw error;
        },
      );
      if (stopped) {
        interrupted = signal.aborted;
        notes.push(`${rule}: ${stopped.message}; the checks after it did not run${interrupted ? '' : ' (raise --max-requests)'}`);
        break;
      }
    }
    const findings = dedupeFindings(
      drafts.map(({ rule, draft }) => ({ finding: findingOf(rule, rules[rule]!, draft, options.secrets), exposed: draft.exposed })),
    );
    return {
      target: baseUrl,
      spec: spec.title,
      findings,
      identities: identities.map((identity) => identity.name),
      checks: checks.map((check) => check.id),
      rules,
      // Notes are Falcon's own words (a rule name after a colon is no secret): masked by value only.
      notes: notes.map((note) => maskText(note, { secrets: options.secrets, shapes: false })),
      variables: maskStructured(replayLegend(findings, identities, baseUrl), { secrets: options.secrets, shapes: false }),
      residue: maskStructured(guard.residue(), { secrets: options.secrets }),
      requests: client.requestsSent,
      ...(interrupted && { interrupted }),
    };
  } finally {
    await canary?.close();
  }
}

/** What one check of a phase reported and noted, and the stop that ended it early. */
interface CheckRun {
  rule: string;
  drafts: FindingDraft[];
  notes: string[];
  stopped?: ScanStopped;
}

/**
 * Runs the checks of one phase side by side, each with a context of its own (what it reports and
 * notes is kept apart, so that they reach the scan in the table's order) and its name on what it
 * sends. A failure that is a bug goes up once every check of the phase has ended.
 */
async function runSideBySide(phase: readonly NamedCheck[], context: Omit<ScanContext, 'report'>): Promise<CheckRun[]> {
  const settled = await Promise.allSettled(
    phase.map(async (check) => {
      const run: CheckRun = { rule: check.id, drafts: [], notes: [] };
      const own: ScanContext = { ...context, report: (draft) => run.drafts.push(draft), note: (text) => run.notes.push(text) };
      try {
        await runningCheck.run(check.id, () => (own.graphql ? check.runGraphQL!({ ...own, graphql: own.graphql }) : check.run!(own)));
      } catch (error) {
        if (error instanceof ScanStopped) run.stopped = error;
        else run.notes.push(`${check.id}: stopped early, ${stoppedBecause(error)}`);
      }
      return run;
    }),
  );
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<CheckRun>).value);
}

/** Requests any check may send, whatever the budget and the number of checks. */
const MIN_CHECK_SHARE = 100;

/** Why a check stopped early; a failure that is not the target's or the budget's is a bug and goes up. */
function stoppedBecause(error: unknown): string {
  if (error instanceof CheckBudgetSpent) return `${error.message} (raise --max-requests)`;
  if (error instanceof HttpRequestError) return `a request got no answer (${error.message})`;
  if (error instanceof CaseRequestError) return `a request could not be made from the spec (${error.message})`;
  throw error;
}

/** The canary on the address `--canary-host` names (default loopback), or a usage error saying why it cannot listen there. */
async function startCanary(host = '127.0.0.1'): Promise<CanaryListener> {
  try {
    return await CanaryListener.start(host);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL' ? 'it is not an address of this machine' : (error as Error).message;
    throw new ScanUsageError(
      `--canary-host ${host}: the SSRF canary cannot listen there (${reason}); give an address of this machine that the target can reach`,
    );
  }
}

/** The rules the user named that have no probes for this kind of target, said rather than silently left out. */
function unprobed(named: readonly NamedCheck[], chosen: readonly NamedCheck[], asked: ScanOptions['checks'], graphql: boolean): string[] {
  if (asked === undefined) return [];
  return named
    .filter((check) => !chosen.includes(check))
    .map((check) => `${check.id}: it has no probes for ${graphql ? 'a GraphQL endpoint' : 'a REST API (it probes GraphQL endpoints: --graphql URL)'}`);
}

async function signIn(options: ScanOptions, client: ScanClient, operations: ScanContext['operations'], graphql: boolean): Promise<Identity[]> {
  const identities: Identity[] = [];
  for (const text of options.tokens ?? []) {
    const { name, secret } = splitCredential(await options.variables.resolve(text), '--token');
    identities.push(tokenIdentity(name, secret, options.secrets));
  }
  const users = options.users ?? [];
  if (users.length === 0) return identities;
  if (graphql) throw new ScanUsageError("--user logs in through a REST login operation: give the GraphQL endpoint's users by bearer token, --token NAME:TOKEN");
  const login = findLoginOperation(operations, options.login);
  for (const text of users) {
    const { name, secret } = splitCredential(await options.variables.resolve(text), '--user');
    identities.push(await logIn(client, login, name, secret, options.secrets));
  }
  return identities;
}
