import { describe, expect, it } from 'vitest';
import { sendAttempt, sendProbe } from '../../../../../../src/capabilities/scan/engine/checks/support/probes.js';
import type { ScanContext } from '../../../../../../src/capabilities/scan/engine/scan-context.js';
import type { ScanExchange } from '../../../../../../src/capabilities/scan/engine/scan-exchange.js';
import { HttpRequestError } from '../../../../../../src/engines/http/http-request-error.js';

function answering(answer: number | HttpRequestError): ScanContext {
  const send = () => {
    if (answer instanceof HttpRequestError) return Promise.reject(answer);
    const exchange: ScanExchange = {
      request: { method: 'GET', url: 'http://127.0.0.1/items', headers: {} },
      response: { status: answer, headers: {}, body: '', durationMs: 1 },
    };
    return Promise.resolve(exchange);
  };
  return { send } as unknown as ScanContext;
}

const request = { method: 'GET', path: '/items' };

describe('sendProbe: what a check may read as an answer', () => {
  it('takes a 429 for no answer, since the API did not look at the probe; sendAttempt keeps it for the checks that look for one', async () => {
    expect(await sendProbe(answering(429), request, undefined)).toBeUndefined();
    expect((await sendAttempt(answering(429), request, undefined))?.response.status).toBe(429);
    expect((await sendProbe(answering(503), request, undefined))?.response.status).toBe(503);
  });

  it('takes a timeout for no answer, and throws when the target is gone', async () => {
    expect(await sendProbe(answering(new HttpRequestError('timed out', 'timeout')), request, undefined)).toBeUndefined();
    await expect(sendProbe(answering(new HttpRequestError('refused', 'connection_refused')), request, undefined)).rejects.toThrow('refused');
  });
});
