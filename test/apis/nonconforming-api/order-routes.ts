import { readJsonBody, readText, sendError, sendJson } from './json-exchange.js';
import type { Route } from './routes.js';
import type { SpecValidators } from './spec-validators.js';

/**
 * Two endpoints with the same contract: createOrder rejects invalid orders with a 422;
 * createLegacyOrder (the planted defect) never looks at the body and always answers 201.
 */
export function orderRoutes(validators: SpecValidators): Route[] {
  let nextId = 1;
  const receipt = () => ({ id: nextId++, status: 'received' });
  return [
    {
      method: 'POST',
      path: '/orders',
      async handle(req, res) {
        const body = await readJsonBody(req);
        if (!body.ok && body.reason === 'media-type') return sendError(res, 415, 'send the order as application/json');
        if (!body.ok || !validators.newOrder(body.value)) return sendError(res, 422, 'the order does not follow the NewOrder schema');
        sendJson(res, 201, receipt());
      },
    },
    {
      method: 'POST',
      path: '/legacy/orders',
      async handle(req, res) {
        await readText(req);
        sendJson(res, 201, receipt());
      },
    },
  ];
}
