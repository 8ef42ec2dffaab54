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
