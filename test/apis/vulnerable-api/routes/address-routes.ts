import type { ServerResponse } from 'node:http';
import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { type Caller, requireCaller } from '../authenticate.js';
import { idOf, isText } from '../field-checks.js';
import { readJsonObject } from '../json-request.js';
import type { ShopContext } from '../shop-context.js';
import type { Address } from '../shop-data.js';

type AddressFields = Omit<Address, 'id' | 'userId'>;

/** The NewAddress fields of the body, and nothing else; undefined when one is missing or malformed. */
function addressFields(body: Record<string, unknown>): AddressFields | undefined {
  const { label, street, city, postcode, country } = body;
  if (!isText(label, 50, 1) || !isText(street, 200, 1) || !isText(city, 100, 1) || !isText(postcode, 20, 1)) return undefined;
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return undefined;
  return { label, street, city, postcode, country };
}

/** The caller's addresses. Vulnerable: PUT replaces any address, whoever owns it; reading one checks the owner in both modes. */
export function addressRoutes(ctx: ShopContext): Route[] {
  const { addresses } = ctx.data;
  const address = (res: ServerResponse, caller: Caller, raw: string | undefined, checkOwner: boolean): Address | undefined => {
    const id = idOf(raw);
    if (id === undefined) return void sendError(res, 400, 'addressId must be an integer of at least 1');
    const found = addresses.get(id);
    if (!found || (checkOwner && found.userId !== caller.id)) return void sendError(res, 404, 'no such address');
    return found;
  };
  return [
    {
      method: 'GET',
      path: '/addresses',
      handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        if (caller)
          sendJson(
            res,
            200,
            [...addresses.values()].filter((candidate) => candidate.userId === caller.id),
          );
      },
    },
    {
      method: 'POST',
      path: '/addresses',
      async handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        const body = caller && (await readJsonObject(req, res));
        if (!caller || !body) return;
        const fields = addressFields(body);
        if (!fields) return sendError(res, 400, 'the body does not follow NewAddress');
        const created = { id: ctx.data.nextId(), userId: caller.id, ...fields };
        addresses.set(created.id, created);
        sendJson(res, 201, created);
      },
    },
    {
      method: 'GET',
      path: '/addresses/{addressId}',
      handle(req, res, params) {
        const caller = requireCaller(req, res, ctx);
        const found = caller && address(res, caller, params.addressId, true);
        if (found) sendJson(res, 200, found);
      },
    },
    {
      method: 'PUT',
      path: '/addresses/{addressId}',
      async handle(req, res, params) {
        const caller = requireCaller(req, res, ctx);
        const found = caller && address(res, caller, params.addressId, ctx.secure);
        if (!found) return void req.resume();
        const body = await readJsonObject(req, res);
        if (!body) return;
        const fields = addressFields(body);
        if (!fields) return sendError(res, 400, 'the body does not follow NewAddress');
        Object.assign(found, fields);
        sendJson(res, 200, found);
      },
    },
  ];
}
