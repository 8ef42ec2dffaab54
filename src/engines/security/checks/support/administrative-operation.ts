import type { SpecOperation } from '../../../spec/spec-format.js';
import { operationWords } from './operation-words.js';

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
  if (operation.method !== 'GET' && (segments.some((candidate) => PRIVILEGE_SEGMENT.test(candidate)) || PRIVILEGE_WORD.test(words))) return 'it changes roles or permissions';
  return undefined;
}
