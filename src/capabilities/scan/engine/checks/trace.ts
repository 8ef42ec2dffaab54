import { randomBytes } from 'node:crypto';
import { isSecretName } from '../../../../safety/secret-names.js';
import type { ScanContext } from '../scan-context.js';
import type { ScanExchange, ScanRequest } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { isSuccess } from './support/answers.js';
import { sendProbe } from './support/probes.js';

const MARKER_HEADER = 'x-falcon-trace';
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * API8: `TRACE /`, then TRACE on the first operation's path, each with a random marker header and
 * the first identity's credentials. A 2xx whose body holds the marker is the proof (the request was
 * echoed back): low, medium when a credential header came back with it (a script could read
 * cookies it is not allowed to). One finding for the API, at the path that proved it, method TRACE.
 */
export const traceCheck: SecurityCheck = {
  title: 'TRACE method enabled',
  owasp: 'API8:2023',
  cwe: 'CWE-693',
  proof: 'a TRACE request is answered 200 and echoes the request back',
  remediation: 'Disable the TRACE method.',
  runOrder: 30,
  async run(ctx) {
    for (const target of tracedRequests(ctx)) {
      const marker = randomBytes(8).toString('hex');
      const exchange = await sendProbe(ctx, { ...target, headers: { [MARKER_HEADER]: marker } }, ctx.identities[0]);
      if (!exchange || !isSuccess(exchange.response.status) || !exchange.response.body.includes(marker)) continue;
      const credential = echoedCredential(exchange);
      ctx.report({
        severity: credential ? 'medium' : 'low',
        operation: { method: 'TRACE', path: target.path },
        title: credential ? `TRACE is enabled and echoes the request back, its ${credential} header included` : 'TRACE is enabled and echoes the request back',
        exchange,
      });
      return;
    }
  },
};

/** `/`, then the path of the first operation that has a valid request (its path parameters filled). */
function tracedRequests(ctx: ScanContext): ScanRequest[] {
  const requests: ScanRequest[] = [{ method: 'TRACE', path: '/' }];
  for (const operation of ctx.operations) {
    const valid = ctx.validRequest(operation);
    if (!valid) continue;
    if (operation.path !== '/') requests.push({ method: 'TRACE', path: operation.path, ...(valid.pathParams && { pathParams: valid.pathParams }) });
    break;
  }
  return requests;
}

function echoedCredential({ request, response }: ScanExchange): string | undefined {
  const echoed = Object.entries(request.headers).find(
    ([name, value]) => (CREDENTIAL_HEADERS.has(name) || isSecretName(name)) && value.length > 0 && response.body.includes(value),
  );
  return echoed?.[0];
}
