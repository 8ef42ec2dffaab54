import { fieldOf, type JsonRecord, looseName } from './json-records.js';
import type { OwnView } from './own-view.js';

/** Fields that say whose a record is, by their loose names (`user_id` is `userid`). */
const OWNER_FIELD = /^(userid|ownerid|owner|customerid|accountid|memberid|createdby|creatorid|authorid|user|username|email)$/;

/** What names an identity in a record: the id, username and email of its profile, and its login. */
export function identityValues(view: OwnView): Set<string> {
  const profile = view.profile ?? {};
  const values = ['id', 'username', 'login', 'email'].map((name) => fieldOf(profile, name)?.value);
  values.push(view.identity?.login?.username);
  return new Set(values.filter((value) => typeof value === 'string' || typeof value === 'number').map(String));
}

/** A record's owner fields with a text or number value. */
export function ownerFields(record: JsonRecord): Array<{ key: string; value: string }> {
  return Object.entries(record)
    .filter(([key, value]) => OWNER_FIELD.test(looseName(key)) && (typeof value === 'string' || typeof value === 'number'))
    .map(([key, value]) => ({ key, value: String(value) }));
}

/**
 * An owner field of `record` that says it is not `viewer`'s: it holds another identity's id, name or
 * email, or a value other than the one the viewer's own records (`ownRecords`) hold there. Undefined
 * when a field says it is the viewer's, or none says whose it is.
 */
export function foreignOwner(record: JsonRecord, viewer: OwnView, others: readonly OwnView[], ownRecords: readonly JsonRecord[]): { key: string; value: string; owner?: string } | undefined {
  const fields = ownerFields(record);
  const mine = identityValues(viewer);
  if (fields.some(({ value }) => mine.has(value))) return undefined;
  for (const { key, value } of fields) {
    const owner = others.find((other) => identityValues(other).has(value));
    if (owner) return { key, value, owner: owner.identity?.name ?? 'no user' };
    const ownValues = ownRecords.map((own) => fieldOf(own, key)?.value).filter((own) => own !== undefined && own !== null).map(String);
    if (ownValues.length > 0 && !ownValues.includes(value)) return { key, value };
  }
  return undefined;
}

/** An owner field of the record holds one of the viewer's own values, and none holds another's. */
export function isOwnRecord(record: JsonRecord, viewer: OwnView): boolean {
  const fields = ownerFields(record);
  const mine = identityValues(viewer);
  return fields.length > 0 && fields.every(({ value }) => mine.has(value));
}
