import { fieldOf, type JsonRecord, recordsIn } from './json-records.js';
import { identifierIn, type ObjectTarget } from './object-target.js';
import { pathParameterNames } from '../../../testing/warnings/sent-path-values.js';
import { bodiesAt, type OwnView } from './own-view.js';
import type { PathValues } from './plain-request.js';
import { profileValue } from './profile-values.js';

/** An object an identity was seen to have, with what it was seen to hold. */
export interface OwnedObject {
  id: string | number;
  /** The record its listing (or the identity's profile) showed. */
  record: JsonRecord;
  /** Every path parameter of the target's path: the object's id and the owner's values for the rest. */
  pathValues: PathValues;
  /** `profile`: the identity's own account; `listing`: an object its listing of the collection showed. */
  source: 'profile' | 'listing';
}

/**
 * The target's objects the identity was seen to have: the ones its own listing of the collection
 * shows (`GET /orders` as that user for `/orders/{orderId}`), and its own account when the target is
 * a user (`/users/{id}`, `/users/{username}/wishlist`).
 */
export function ownedObjects(view: OwnView, target: ObjectTarget, path: string): OwnedObject[] {
  const objects: OwnedObject[] = [];
  const own = profileValue(view, target.parameter, path);
  if (own !== undefined && view.profile) objects.push(...located(view, path, target, own, view.profile, 'profile'));
  for (const record of bodiesAt(view, target.collection).flatMap(recordsIn)) {
    const id = identifierIn(record, target);
    if (id !== undefined && !objects.some((object) => String(object.id) === String(id))) objects.push(...located(view, path, target, id, record, 'listing'));
  }
  return objects;
}

/**
 * The objects `owner` has that none of `others` was seen to have too: an object every user lists
 * (a product, a public post) belongs to no one. An account is its user's alone, whoever lists it.
 */
export function exclusiveObjects(owner: OwnView, others: readonly OwnView[], target: ObjectTarget, path: string): OwnedObject[] {
  const theirs = others.flatMap((other) => ownedObjects(other, target, path));
  return ownedObjects(owner, target, path).filter((object) =>
    !theirs.some((their) => String(their.id) === String(object.id) && (object.source === 'listing' || their.source === 'profile')),
  );
}

/** The object with its path values: the rest of the path's parameters from the owner's profile or the record. */
function located(view: OwnView, path: string, target: ObjectTarget, id: string | number, record: JsonRecord, source: OwnedObject['source']): OwnedObject[] {
  const pathValues: PathValues = { [target.parameter]: id };
  for (const name of pathParameterNames(path).filter((parameter) => parameter !== target.parameter)) {
    const fromRecord = fieldOf(record, name)?.value;
    const value = profileValue(view, name, path) ?? (typeof fromRecord === 'string' || typeof fromRecord === 'number' ? fromRecord : undefined);
    if (value === undefined) return [];
    pathValues[name] = value;
  }
  return [{ id, record, pathValues, source }];
}
