import { type JsonRecord, looseName } from '../support/answers.js';
import { identityValues, ownerFields, type OwnView } from '../support/users.js';

/** Owner fields that hold a user's id (loose names); an email counts too at a path about the caller. */
const ID_OWNER_FIELD = /^(userid|ownerid|customerid|accountid|memberid|createdby|creatorid)$/;

/**
 * A record of an answer to `viewer` that belongs to another identity: an owner field holding that
 * identity's id (or, at a path about the caller such as `/me/orders`, its email), in an answer that
 * is the viewer's own by its path or by holding the viewer's records too. Public lists that merely
 * name authors are not the viewer's own, so they are left alone.
 */
export function otherUsersRecord(
  records: readonly JsonRecord[],
  viewer: OwnView,
  others: readonly OwnView[],
  selfPath: boolean,
): { key: string; value: string; owner: string } | undefined {
  const mine = identityValues(viewer);
  const owned = (record: JsonRecord) => ownerFields(record).filter(({ key }) => ID_OWNER_FIELD.test(looseName(key)) || (selfPath && /e-?mail/i.test(key)));
  if (!selfPath && !records.some((record) => owned(record).some(({ value }) => mine.has(value)))) return undefined;
  for (const record of records) {
    for (const { key, value } of owned(record)) {
      const owner = mine.has(value) ? undefined : others.find((other) => identityValues(other).has(value));
      if (owner) return { key, value, owner: owner.identity?.name ?? 'another user' };
    }
  }
  return undefined;
}
