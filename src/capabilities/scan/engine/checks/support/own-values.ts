import { fieldOf, type JsonRecord, looseName, recordsIn } from './answers.js';
import type { Identity } from '../../identity.js';
import { asObject } from '../../../../../engines/spec/json-values.js';

type Scalar = string | number;

/** What an identity was answered (users.ts's OwnView is one). */
export interface OwnAnswers {
  identity: Identity | undefined;
  profile: JsonRecord | undefined;
  responses: ReadonlyArray<{ operation: { path: string }; body: unknown }>;
}

/** `orgId`, `tenant`, `X-Tenant-ID`, `account_id`: names of an owner or of an object's id, which the caller's own answers may hold. */
const ID_LIKE = /(id|uuid|guid|key|slug)$|^(org|organi[sz]ation|tenant|account|company|workspace|team|customer|owner|group|project|realm|site)$/;
/** Records read at most per answer: the user's own values show in the first ones. */
const MAX_RECORDS = 20;

/** A parameter's name as a record would name the field: `X-Tenant-ID` is `tenantid`, `org_id` is `orgid`. */
export function fieldNameOf(parameter: string): string {
  return looseName(parameter.replace(/^x-/i, ''));
}

/** The parameter names an owner or an id, so the caller's own answers may hold its value. */
export function isIdLike(parameter: string): boolean {
  return ID_LIKE.test(fieldNameOf(parameter));
}

/**
 * The identity's own values for a parameter (`orgId`, `X-Org-Id`, `{orgId}`), the likeliest first:
 * the field of that name in its profile (`GET /me`) and its login's answer (also `org.id` for
 * `orgId`), then in the records its own reads answered, then the ids its own listing of the
 * objects lists (`GET /orgs` for `orgId`). Empty when none of its answers says.
 */
export function ownValues(view: OwnAnswers, parameter: string): Scalar[] {
  const name = fieldNameOf(parameter);
  const found: Scalar[] = [];
  const add = (value: unknown) => {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') if (!found.some((seen) => String(seen) === String(value))) found.push(value);
  };
  for (const record of [view.profile, ...recordsIn(view.identity?.login?.answer)]) if (record) add(fieldIn(record, name));
  for (const { body } of view.responses) for (const record of recordsIn(body).slice(0, MAX_RECORDS)) add(fieldIn(record, name));
  const resource = name.replace(/(id|uuid|guid|key|slug)$/, '');
  if (resource.length >= 2 && resource !== name) {
    for (const { operation, body } of view.responses) {
      const last = operation.path.split('/').pop() ?? '';
      if (!last.startsWith('{') && looseName(last).startsWith(resource))
        for (const record of recordsIn(body).slice(0, MAX_RECORDS)) add(fieldOf(record, 'id')?.value);
    }
  }
  return found;
}

/** The record's field of that loose name, or the `id` of its object named before `id` (`org.id` for `orgid`). */
function fieldIn(record: JsonRecord, name: string): unknown {
  const direct = fieldOf(record, name)?.value;
  if (direct !== undefined && asObject(direct) === undefined) return direct;
  const nested = name.endsWith('id') ? asObject(fieldOf(record, name.slice(0, -2))?.value) : undefined;
  return nested && fieldOf(nested, 'id')?.value;
}
