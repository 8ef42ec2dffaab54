import { maskHeaderValue, maskHeaders } from '../../../safety/mask-headers.js';
import { maskStructured } from '../../../safety/mask-structured.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { curlCommand } from '../../../engines/testing/report/curl-command.js';
import type { StepResult } from './flow-run.js';

/**
 * The step with every secret masked — registered values, secret shapes, cookies and auth headers by
 * their names — and its curl line made from the masked request. Masking again changes nothing, so a
 * run re-masks its earlier steps once later steps have registered more secrets.
 */
export function maskStepResult(step: StepResult, secrets: SecretRegistry): StepResult {
  const masked = maskStructured(step, { secrets });
  if (masked.request) {
    masked.request = { ...masked.request, headers: maskHeaders(masked.request.headers, { secrets }) };
    masked.curl = curlCommand(masked.request);
  }
  if (masked.response) {
    const headers = Object.fromEntries(
      Object.entries(masked.response.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.map((item) => maskHeaderValue(name, item, { secrets })) : maskHeaderValue(name, value, { secrets }),
      ]),
    );
    masked.response = { ...masked.response, headers };
  }
  return masked;
}
