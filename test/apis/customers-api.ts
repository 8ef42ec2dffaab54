import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ajvFactory } from '../../src/engines/assertions/json-schema.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { readJsonBody, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { routeRequests } from './nonconforming-api/routes.js';

export const CUSTOMERS_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/customers-formats-3.0.yaml', import.meta.url));

/**
 * What the defective build breaks on: each a 500 to a malformed value the spec forbids, found by
 * not_a_server_error on the negative case that sends it (`malformed uuid`, `malformed email`…).
 */
export const MALFORMED_INPUT_DEFECTS = [
  'getCustomer/negative/path-customerId-malformed-uuid',
  'createCustomer/negative/email-malformed-email',
  'createCustomer/negative/birthday-malformed-date',
];

/**
 * The near misses of the same formats, by the findings each earns: a uuid without dashes, an email
 * without TLD and a date with a one-digit month or day break the same handlers (500); an email with
 * two `@` and February 30 (which `Date` rolls over to March) are stored as given, and the email is
 * then served back against the Customer schema.
 */
export const NEAR_MISS_INPUT_DEFECTS: Readonly<Record<string, string[]>> = {
  'getCustomer/negative/path-customerId-no-dashes': ['not_a_server_error'],
  'createCustomer/negative/email-no-tld': ['not_a_server_error'],
  'createCustomer/negative/email-two-at': ['negative_data_rejection', 'response_schema_conformance'],
  'createCustomer/negative/birthday-one-digit-month': ['not_a_server_error'],
  'createCustomer/negative/birthday-one-digit-day': ['not_a_server_error'],
  'createCustomer/negative/birthday-no-such-day': ['negative_data_rejection'],
};

interface Customer {
  id: string;
  name: string;
  email: string;
  domain: string;
  birthday?: string;
}

type Check = (value: unknown) => boolean;

/**
 * The Customers API of CUSTOMERS_SPEC_FILE on loopback. The conforming build checks every input
 * against the spec (formats included) and answers 400 to what it forbids. The defective build
 * checks the customer id and the new customer without their formats and trusts them: its handlers
 * parse a uuid, an email's domain and a date that way, and a malformed one throws (500).
 */
export async function startCustomersApi(build: 'conforming' | 'defective'): Promise<SpecServer> {
  const document = parse(await readFile(CUSTOMERS_SPEC_FILE, 'utf8')) as { components: unknown };
  const makeAjv = await ajvFactory('07');
  const withFormats = makeAjv();
  const trusting = build === 'conforming' ? withFormats : makeAjv({ validateFormats: false });
  for (const ajv of new Set([withFormats, trusting])) ajv.addSchema({ $id: 'customers.json', components: document.components });
  const schema = (ajv: typeof withFormats, pointer: string): Check => ajv.compile({ $ref: `customers.json#${pointer}` });
  const checks = {
    newCustomer: schema(trusting, '/components/schemas/NewCustomer'),
    customerId: trusting.compile({ type: 'string', format: 'uuid' }) as Check,
    requestId: withFormats.compile({ type: 'string', format: 'uuid' }) as Check,
    date: withFormats.compile({ type: 'string', format: 'date' }) as Check,
  };
  const customers = new Map<string, Customer>();

  const server = createServer(
    routeRequests([
      {
        method: 'GET',
        path: '/customers',
        handle(req, res, _params, url) {
          const requestId = req.headers['x-request-id'];
          if (typeof requestId !== 'string' || !checks.requestId(requestId)) return sendError(res, 400, 'X-Request-Id must be a uuid');
          const query = queryValues(url, ['limit', 'name', 'createdSince']);
          if (!query) return sendError(res, 400, 'each query parameter may be given once');
          const limit = query.limit === undefined ? 100 : /^\d+$/.test(query.limit) ? Number(query.limit) : NaN;
          if (!(limit >= 1 && limit <= 100)) return sendError(res, 400, 'limit must be an integer from 1 to 100');
          if (query.createdSince !== undefined && !checks.date(query.createdSince)) return sendError(res, 400, 'createdSince must be a date');
          const listed = [...customers.values()].filter((customer) => query.name === undefined || customer.name === query.name);
          sendJson(res, 200, listed.slice(0, limit));
        },
      },
      {
        method: 'POST',
        path: '/customers',
        async handle(req, res) {
          const body = await readJsonBody(req);
          if (!body.ok || !checks.newCustomer(body.value)) return sendError(res, 400, 'the body does not follow the NewCustomer schema');
          const input = body.value as Omit<Customer, 'id' | 'domain'>;
          const customer: Customer = { id: randomUUID(), name: input.name, email: input.email, domain: emailDomain(input.email) };
          if (input.birthday !== undefined) customer.birthday = isoDate(input.birthday);
          customers.set(customer.id, customer);
          sendJson(res, 201, customer);
        },
      },
      {
        method: 'GET',
        path: '/customers/{customerId}',
        handle(_req, res, params) {
          const id = params.customerId ?? '';
          if (!checks.customerId(id)) return sendError(res, 400, 'customerId must be a uuid');
          const customer = customers.get(canonicalUuid(id));
          if (customer) sendJson(res, 200, customer);
          else sendError(res, 404, `no customer ${id}`);
        },
      },
    ]),
  );
  const url = await listenOnLoopback(server);
  return { url, specFile: CUSTOMERS_SPEC_FILE, close: () => closeServer(server) };
}

/** The named query parameters, each at most once; undefined when one is repeated. */
function queryValues(url: URL, names: string[]): Record<string, string | undefined> | undefined {
  const values: Record<string, string | undefined> = {};
  for (const name of names) {
    const given = url.searchParams.getAll(name);
    if (given.length > 1) return undefined;
    values[name] = given[0];
  }
  return values;
}

// What the handlers assume of their input once it is checked: a malformed value throws a TypeError or RangeError.

function canonicalUuid(id: string): string {
  const [, ...groups] = /^(?:urn:uuid:)?([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i.exec(id) as RegExpExecArray;
  return groups.join('-').toLowerCase();
}

function emailDomain(email: string): string {
  return (/@([^@\s]+\.[^@\s]+)$/.exec(email) as RegExpExecArray)[1]!.toLowerCase();
}

function isoDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10);
}
