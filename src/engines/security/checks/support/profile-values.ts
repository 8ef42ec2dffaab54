import { fieldOf } from './json-records.js';
import { pathParameterNames } from '../../../testing/warnings/sent-path-values.js';
import type { OwnView } from './own-view.js';
import type { PathValues } from './plain-request.js';
import { isUserCollection } from './self-path.js';

const EMAIL_PARAMETER = /e-?mail$/i;
const NAME_PARAMETER = /^(user_?name|login|handle)$|[_-]?(user_?name|login)$/i;
/** `{userId}`, `{accountId}`, `{customer_id}`: the id of a user. */
const USER_ID_PARAMETER = /^(user|account|member|customer|profile|owner)[_-]?id$|^uid$/i;

/**
 * The identity's own value for a path parameter that names a user: `{username}` its username,
 * `{email}` its email, `{userId}` (or `{id}` of a collection of users, `/users/{id}`) the id in its
 * profile. Undefined for any other parameter, or when the profile does not say.
 */
export function profileValue(view: OwnView, parameter: string, path: string): string | number | undefined {
  const profile = view.profile ?? {};
  const scalar = (...names: string[]) => names.map((name) => fieldOf(profile, name)?.value).find((value) => typeof value === 'string' || typeof value === 'number') as string | number | undefined;
  if (EMAIL_PARAMETER.test(parameter)) return scalar('email');
  if (NAME_PARAMETER.test(parameter)) return scalar('username', 'login', 'userName') ?? view.identity?.login?.username;
  if (USER_ID_PARAMETER.test(parameter)) return scalar(parameter, 'id');
  const collection = path.slice(0, path.indexOf(`{${parameter}}`)).replace(/\/+$/, '');
  return /^(id|uuid)$/i.test(parameter) && isUserCollection(collection) ? scalar(parameter, 'id') : undefined;
}

/** The path parameters of `path` that name the identity, with its own values (`{userId}` → its id); the rest left out. */
export function ownPathValues(view: OwnView, path: string): PathValues {
  const values: PathValues = {};
  for (const name of pathParameterNames(path)) {
    const value = profileValue(view, name, path);
    if (value !== undefined) values[name] = value;
  }
  return values;
}
