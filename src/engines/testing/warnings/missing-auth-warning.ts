import type { FalconSpec, SecurityRequirement } from '../../spec/spec-format.js';
import type { RunWarning } from '../test-run.js';
import { type OperationAnswers, operationLabel } from './operation-answers.js';
import { type SchemeHint, schemeHint } from './security-scheme-hint.js';
import { describeShare, isMostOf, statusShare } from './status-share.js';

const GENERIC_HEADER = { name: 'Authorization', value: 'Bearer {{API_TOKEN}}', variable: 'API_TOKEN' };

/**
 * `missing_auth`: more than 80 % of the operation's answered cases got 401 or 403, so the checks
 * judged the API's door, not the operation. Names the security scheme the spec declares for it, the
 * header it wants and how to pass it, or says that the credentials sent were refused.
 */
export function missingAuthWarning(group: OperationAnswers, spec?: FalconSpec): RunWarning | undefined {
  const share = statusShare(group, [401, 403]);
  if (!isMostOf(share)) return undefined;
  const label = operationLabel(group);
  const warning = { kind: 'missing_auth' as const, operation: group.operation, evidence: describeShare(share, '401 or 403') };
  const alternatives = group.spec?.security.filter((requirement) => Object.keys(requirement).length > 0) ?? [];
  if (!group.spec || alternatives.length === 0 || alternatives.length < group.spec.security.length) {
    const declares = group.spec ? 'although the spec declares no security for it' : 'and the run had no spec to say what auth it needs';
    return {
      ...warning,
      message: `${label} refused most cases as unauthorized ${declares}: no case reached its logic`,
      advice: `if it needs credentials, ${passHeaders([GENERIC_HEADER])}${group.spec ? ', and declare the scheme in the spec (securitySchemes and security)' : ''}`,
    };
  }
  const hints = alternatives.map((requirement) => requirementHints(requirement, spec));
  const declared = hints.map((alternative) => alternative.map((hint) => hint.description).join(' and ')).join(' or ');
  const requests = share.matching.flatMap((result) => result.request ?? []);
  const sent = requests.length > 0 && hints.some((alternative) => requests.every((request) => alternative.every((hint) => hint.sentIn(request))));
  if (sent) {
    const forbidden = share.matching.some((result) => result.response!.status === 403);
    return {
      ...warning,
      message: `${label} refused the credentials the run sent for ${declared}: no case reached its logic`,
      advice: `check the value sent: wrong, expired or for another environment${forbidden ? ', or without the rights this operation needs (403)' : ''}`,
    };
  }
  const first = hints[0]!;
  const headers = first.flatMap((hint) => hint.header ?? []);
  const notes = first.flatMap((hint) => hint.note ?? []);
  const pass = headers.length > 0 ? passHeaders(headers) : '';
  return {
    ...warning,
    message: `${label} needs credentials the run did not send: the spec's security scheme ${declared}`,
    advice: [pass, ...notes].filter(Boolean).join('; '),
  };
}

function requirementHints(requirement: SecurityRequirement, spec: FalconSpec | undefined): SchemeHint[] {
  return Object.entries(requirement).map(([name, scopes]) => schemeHint(name, spec?.securitySchemes[name], scopes));
}

/**
 * `pass it with -H "X-API-Key: {{API_KEY}}" and set API_KEY in …`: the value stays out of the
 * command line, in `.falcon/environments/<env>.yaml` or the process environment.
 */
function passHeaders(headers: ReadonlyArray<{ name: string; value: string; variable: string }>): string {
  const flags = (value: (header: { value: string; variable: string }) => string) => headers.map((header) => `-H "${header.name}: ${value(header)}"`).join(' ');
  const names = headers.map((header) => header.variable).join(' and ');
  const fromShell = headers.map((header) => `${header.variable}: "{{env:${header.variable}}}"`).join(', ');
  const direct = flags((header) => header.value.replace(`{{${header.variable}}}`, `{{env:${header.variable}}}`));
  return `pass ${headers.length === 1 ? 'it' : 'them'} with ${flags((header) => header.value)} and set ${names} in .falcon/environments/<env>.yaml (${fromShell} there takes it from the shell's environment), or use ${direct}`;
}
