import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanRequest, ScanExchange } from '../../scan-exchange.js';
import { requiresAuth, sendProbe, withCredentials } from './probes.js';
import { answeredWithData, sameData } from './answers.js';

/** Imports and exports move the user's own data (and are where file names and URLs go): a payload there is harmless. */
const OWN_DATA_TRANSFER = /^(imports?|exports?)$/i;
/** Body fields a user logs in with: a request that changes them could lock the user, and the scan, out. */
const LOGIN_FIELD = /(password|passwd|email|username|login|token|secret)$/i;

/** An operation a check may probe: its valid request, and who to send it as. */
export interface ProbedOperation {
  operation: SpecOperation;
  request: ScanRequest;
  /** The first identity given, so that operations behind a login are reached; none when none was given. */
  identity?: Identity;
}

/**
 * The operations whose valid request can be sent again with a payload in it and do no harm: GETs;
 * POSTs that search, log in or create the user's own data, not administrative ones; PUT and PATCH
 * of the user's own account (`/me/avatar`) that leave its login alone, others only with
 * --allow-destructive; never DELETE. Never a path that logs out, pays, sends or resets either.
 */
export function probedOperations(ctx: ScanContext): ProbedOperation[] {
  const identity = ctx.identities[0];
  return ctx.operations.flatMap((operation) => {
    const request = ctx.validRequest(operation);
    return request && isHarmlessToProbe(operation, request, ctx.allowDestructive) ? [{ operation, request, ...(identity && { identity }) }] : [];
  });
}

function isHarmlessToProbe(operation: SpecOperation, request: ScanRequest, allowDestructive: boolean): boolean {
  if (operation.method === 'GET') return true;
  const path = operation.path
    .split('/')
    .filter((segment) => !OWN_DATA_TRANSFER.test(segment))
    .join('/');
  if (isConsequentialPath(path) || administrativeReason(operation) !== undefined) return false;
  if (operation.method === 'POST') return true;
  if (operation.method !== 'PUT' && operation.method !== 'PATCH') return false;
  return allowDestructive || (isSelfPath(operation.path) && !changesLogin(request));
}

function changesLogin(request: ScanRequest): boolean {
  return typeof request.body === 'object' && request.body !== null && Object.keys(request.body).some((field) => LOGIN_FIELD.test(field));
}

const ADMIN_SEGMENT = /^(admin\w*|administrat\w*|backoffice|back-office|internal|manage|management|superusers?|sudo|staff)$/i;
const ADMIN_TAG = /admin|backoffice|back-office|management|staff|internal/i;
const ADMIN_WORD = /\b(admin\w*|administrat\w*|superusers?|backoffice|manage|management|moderat\w*)\b/i;
const ADMIN_SCOPE = /admin|manage|superuser|root|staff/i;
/** Changing who may do what is an administrator's job, whatever the path is called. */
const PRIVILEGE_SEGMENT = /^(roles?|permissions?|privileges?|grants?)$/i;
const PRIVILEGE_WORD = /\b(roles?|permissions?|privileges?|promote|demote|grant|ban|suspend)\b/i;

/**
 * Why the operation looks administrative, or undefined: a tag such as `admin`, a path segment such as
 * `/admin` or `/internal`, an operationId or summary that says admin or manage, a security scope
 * naming admin, or (for a request that changes something) roles and permissions.
 */
export function administrativeReason(operation: SpecOperation): string | undefined {
  const tag = operation.tags.find((candidate) => ADMIN_TAG.test(candidate));
  if (tag) return `tagged ${tag}`;
  const segments = operation.path.split('/');
  const segment = segments.find((candidate) => ADMIN_SEGMENT.test(candidate));
  if (segment) return `its path has /${segment}`;
  const words = operationWords(operation);
  const word = ADMIN_WORD.exec(words)?.[0];
  if (word) return `its name says ${word.toLowerCase()}`;
  const scope = operation.security.flatMap((alternative) => Object.values(alternative).flat()).find((candidate) => ADMIN_SCOPE.test(candidate));
  if (scope) return `it needs the scope ${scope}`;
  if (operation.method !== 'GET' && (segments.some((candidate) => PRIVILEGE_SEGMENT.test(candidate)) || PRIVILEGE_WORD.test(words)))
    return 'it changes roles or permissions';
  return undefined;
}

/** The operationId as words and the summary: `updateUserRole` → `update User Role`, `list_users` → `list users`. */
export function operationWords(operation: SpecOperation): string {
  const id = operation.id.replace(/([a-z\d])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ');
  return `${id} ${operation.summary ?? ''}`;
}

const READ_WORD = /\b(list|search|find|query|get|read|view|show|report|preview|validate|check|count|look ?up|lookup|stats)\b/i;

/** A POST (or other write) whose operationId or summary says it only reads: `searchUsers`, `lookUpOrder`, `validateCoupon`. */
export function readsByName(operation: SpecOperation): boolean {
  return READ_WORD.test(operationWords(operation));
}

/** A path segment that means "the caller": `/me`, `/users/self`, `/profile`, `/account`. */
const SELF_SEGMENT = /^(me|my|self|mine|current|current-?user|whoami|profile|account)$/i;
/** The last segment of a collection of users. */
const USER_COLLECTION = /^(users?|accounts?|members?|customers?|profiles?|people|persons?|employees?|players?|clients?)$/i;

/** The path is about the caller's own account: one of its segments says so. */
export function isSelfPath(path: string): boolean {
  return path.split('/').some((segment) => SELF_SEGMENT.test(segment));
}

/** `/users`, `/api/accounts`: a collection whose objects are users. */
export function isUserCollection(collection: string): boolean {
  return USER_COLLECTION.test(collection.split('/').pop() ?? '');
}

/**
 * A path segment that says its request does more than read or create: it ends the session, deletes,
 * pays, sends or resets something. The scan's property and object checks leave these alone.
 */
const CONSEQUENTIAL_SEGMENT =
  /^(log-?out|sign-?out|log-?off|revoke|delete|remove|destroy|purge|wipe|reset|drop|truncate|cancel|refund|transfer|withdraw|pay|payments?|charge|checkout|disable|deactivate|suspend|shutdown|restart|reboot|send|notify|invite|password|credentials?|imports?|exports?)$/i;
/** Segments of logging in, signing up and token exchange. */
const AUTH_SEGMENT = /^(log-?in|sign-?in|sign-?up|register|auth|oauth2?|tokens?|sessions?|refresh)$/i;

export function isConsequentialPath(path: string): boolean {
  return path.split('/').some((segment) => CONSEQUENTIAL_SEGMENT.test(segment));
}

export function isAuthPath(path: string): boolean {
  return path.split('/').some((segment) => AUTH_SEGMENT.test(segment));
}

/** Operations tried at most: each costs two requests. */
const MAX_TRIES = 20;

/** A read operation that proves a token's worth: it answers the identity with data and refuses the same request without credentials. */
export interface GuardedOperation {
  operation: SpecOperation;
  request: ScanRequest;
  /** The identity's own answer, 2xx with data: what an accepted token gets. */
  answer: ScanExchange;
}

/** A GET the spec puts behind authentication, with the valid request that may prove it guarded. */
export interface GuardCandidate {
  operation: SpecOperation;
  request: ScanRequest;
}

/**
 * The GETs the spec puts behind authentication, those without path parameters first (a list or
 * `/me` answers whoever asks), MAX_TRIES at most.
 */
export function guardCandidates(ctx: ScanContext): GuardCandidate[] {
  return ctx.operations
    .filter((operation) => operation.method === 'GET' && requiresAuth(operation))
    .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')))
    .flatMap((operation) => {
      const request = ctx.validRequest(operation);
      return request ? [{ operation, request }] : [];
    })
    .slice(0, MAX_TRIES);
}

/**
 * The candidate when it answers the identity with data and refuses the same request without
 * credentials: a forged token such an operation accepts was accepted as a token, not ignored.
 */
export async function guardedOperation(ctx: ScanContext, identity: Identity, { operation, request }: GuardCandidate): Promise<GuardedOperation | undefined> {
  const answer = await sendProbe(ctx, request, identity);
  if (!answer || !answeredWithData(answer.response)) return undefined;
  const anonymous = await sendProbe(ctx, withCredentials(request, operation, ctx.spec, identity), undefined);
  return anonymous && !sameData(answer.response, anonymous.response) ? { operation, request, answer } : undefined;
}

/** The guarded operations among the candidates, one by one as they are found. */
export async function* guardedOperations(ctx: ScanContext, identity: Identity): AsyncGenerator<GuardedOperation> {
  for (const candidate of guardCandidates(ctx)) {
    const guarded = await guardedOperation(ctx, identity, candidate);
    if (guarded) yield guarded;
  }
}
