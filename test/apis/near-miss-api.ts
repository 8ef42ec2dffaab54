import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type IncomingMessage, createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { ajvFactory } from '../../src/engines/assertions/json-schema.js';
import { type SpecServer, closeServer, listenOnLoopback } from './loopback-server.js';
import { readText, sendError, sendJson } from './nonconforming-api/json-exchange.js';
import { routeRequests } from './nonconforming-api/routes.js';

export const NEAR_MISS_SPEC_FILE = fileURLToPath(new URL('../fixtures/specs/near-miss-3.0.yaml', import.meta.url));

/** What the lax build takes by mistake, each found by negative_data_rejection naming the near miss's kind (case id → the finding). */
export const NEAR_MISS_DEFECTS: Readonly<Record<string, RegExp>> = {
  'createBooking/negative/startsAt-no-offset': /^date-time without offset '\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d' was accepted \(201\)$/,
  'createBooking/negative/startsAt-hour-24': /^date-time at 24:00:00 '\d{4}-\d\d-\d\dT24:00:00Z' was accepted \(201\)$/,
  'createBooking/negative/startsAt-fraction-no-zone': /^date-time with a fraction and no zone '[-\dT:]+\.\d+' was accepted \(201\)$/,
  'createBooking/negative/email-no-tld': /^email without TLD '[^@']+@[^.']+' was accepted \(201\)$/,
  'createBooking/negative/guestName-too-long': /^string one past its maxLength 20 '.{21}' was accepted \(201\)$/,
  'createBooking/negative/budget-above-maximum': /^number just above its maximum 500 '500\.01' was accepted \(201\)$/,
  'createBooking/negative/guests-plus-sign': /^integer with a leading plus sign '\+\d' was accepted \(201\)$/,
  'createBooking/negative/budget-plus-sign': /^number with a leading plus sign '\+[\d.]+' was accepted \(201\)$/,
};

/** The lax build's other defects: the happy case of the one variant that shows each (case id → the check that finds it). */
export const VARIANT_DEFECTS: Readonly<Record<string, string>> = {
  'listBookings/happy/query-status-cancelled': 'response_schema_conformance',
  'createPayment/happy/body-oneOf-3': 'not_a_server_error',
};

interface Booking {
  id: string;
  status: 'confirmed' | 'pending' | 'cancelled';
  guestName: string;
  email: string;
  startsAt: string;
  guests: number;
  budget?: number;
  roomCode?: string;
}

type Check = (value: unknown) => boolean;

const SEEDED: Booking[] = [
  { id: '5b0c8a52-0f4e-4c1e-9a55-1f6d2b7e3c01', status: 'confirmed', guestName: 'Ada', email: 'ada@example.com', startsAt: '2030-01-02T15:00:00Z', guests: 2 },
  {
    id: '5b0c8a52-0f4e-4c1e-9a55-1f6d2b7e3c02',
    status: 'pending',
    guestName: 'Brian',
    email: 'brian@example.org',
    startsAt: '2030-02-03T12:00:00Z',
    guests: 1,
  },
  {
    id: '5b0c8a52-0f4e-4c1e-9a55-1f6d2b7e3c03',
    status: 'cancelled',
    guestName: 'Chen',
    email: 'chen@example.net',
    startsAt: '2030-03-04T09:30:00Z',
    guests: 4,
  },
];

/**
 * The Bookings API of NEAR_MISS_SPEC_FILE on loopback. The strict build checks every input against
 * the spec (formats included) with a strict JSON parser and answers 400 to what it forbids. The lax
 * build checks the same with a few mistakes real validators make: `Date.parse` for a date-time, an
 * `@` between two words for an email, an off-by-one maxLength, a budget compared once rounded, and a
 * JSON parser that takes `+1`. It also writes a cancelled booking's start as epoch milliseconds
 * (seen only when the list is filtered by that status: by default it lists the active ones), and a
 * voucher payment breaks it (500).
 */
export async function startNearMissApi(build: 'strict' | 'lax'): Promise<SpecServer> {
  const document = parse(await readFile(NEAR_MISS_SPEC_FILE, 'utf8')) as { components: { schemas: Record<string, Record<string, unknown>> } };
  const ajv = (await ajvFactory('07'))();
  ajv.addSchema({ $id: 'bookings.json', components: document.components });
  const schema = (pointer: string): Check => ajv.compile({ $ref: `bookings.json#${pointer}` });
  const lax = build === 'lax';
  const checks = {
    newBooking: lax ? laxNewBooking(ajv.compile(laxSchema(document.components.schemas.NewBooking!))) : schema('/components/schemas/NewBooking'),
    payment: schema('/components/schemas/Payment'),
    bookingId: ajv.compile({ type: 'string', format: 'uuid' }) as Check,
  };
  const readBody = async (req: IncomingMessage) => jsonBody(req, lax);
  const bookings = new Map(SEEDED.map((booking) => [booking.id, { ...booking }]));

  const server = createServer(
    routeRequests([
      {
        method: 'GET',
        path: '/bookings',
        handle(_req, res, _params, url) {
          const status = single(url, 'status');
          const limitText = single(url, 'limit');
          if (status === null || limitText === null) return sendError(res, 400, 'each query parameter may be given once');
          if (status !== undefined && !['confirmed', 'pending', 'cancelled'].includes(status))
            return sendError(res, 400, 'status must be confirmed, pending or cancelled');
          const limit = limitText === undefined ? 50 : /^\d+$/.test(limitText) ? Number(limitText) : NaN;
          if (!(limit >= 1 && limit <= 50)) return sendError(res, 400, 'limit must be an integer from 1 to 50');
          const listed = [...bookings.values()].filter((booking) => (status === undefined ? booking.status !== 'cancelled' : booking.status === status));
          sendJson(
            res,
            200,
            listed.slice(0, limit).map((booking) => (lax && booking.status === 'cancelled' ? { ...booking, startsAt: Date.parse(booking.startsAt) } : booking)),
          );
        },
      },
      {
        method: 'POST',
        path: '/bookings',
        async handle(req, res) {
          const body = await readBody(req);
          if (body === undefined || !checks.newBooking(body)) return sendError(res, 400, 'the body does not follow the NewBooking schema');
          const booking: Booking = { ...(body as Omit<Booking, 'id' | 'status'>), id: randomUUID(), status: 'pending' };
          bookings.set(booking.id, booking);
          sendJson(res, 201, booking);
        },
      },
      {
        method: 'GET',
        path: '/bookings/{bookingId}',
        handle(_req, res, params) {
          const id = params.bookingId ?? '';
          if (!checks.bookingId(id)) return sendError(res, 400, 'bookingId must be a uuid');
          const booking = bookings.get(id.toLowerCase());
          if (booking) sendJson(res, 200, booking);
          else sendError(res, 404, `no booking ${id}`);
        },
      },
      {
        method: 'POST',
        path: '/payments',
        async handle(req, res) {
          const body = await readBody(req);
          if (body === undefined || !checks.payment(body)) return sendError(res, 400, 'the body does not follow the Payment schema');
          const payment = body as { method: 'card' | 'transfer' | 'voucher'; amount: number; code?: string };
          // The lax build looks a voucher up in a book it never filled: a TypeError, so a 500.
          if (lax && payment.method === 'voucher') (VOUCHERS.get(payment.code ?? '') as { balance: number }).balance -= payment.amount;
          sendJson(res, 201, { id: randomUUID(), method: payment.method, amount: payment.amount });
        },
      },
    ]),
  );
  const url = await listenOnLoopback(server);
  return { url, specFile: NEAR_MISS_SPEC_FILE, close: () => closeServer(server) };
}

const VOUCHERS = new Map<string, { balance: number }>();

/** The body as JSON; undefined when it is not JSON (or not sent as such). The lax parser takes a number written `+1`. */
async function jsonBody(req: IncomingMessage, lax: boolean): Promise<unknown> {
  const text = await readText(req);
  if ((req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') return undefined;
  try {
    return JSON.parse(lax ? text.replace(/([:[,]\s*)\+(?=\d)/g, '$1') : text) as unknown;
  } catch {
    return undefined;
  }
}

/** NewBooking without the rules the lax build checks by hand. */
function laxSchema(newBooking: Record<string, unknown>): Record<string, unknown> {
  const properties = structuredClone(newBooking.properties) as Record<string, Record<string, unknown>>;
  delete properties.startsAt!.format;
  delete properties.email!.format;
  delete properties.guestName!.maxLength;
  delete properties.budget!.maximum;
  return { ...newBooking, properties };
}

/** The hand-written checks of a lax validator, each with its mistake. */
function laxNewBooking(rest: Check): Check {
  return (value) => {
    if (!rest(value)) return false;
    const booking = value as Booking;
    return (
      !Number.isNaN(Date.parse(booking.startsAt)) &&
      /^[^@\s]+@[^@\s]+$/.test(booking.email) &&
      booking.guestName.length <= 21 &&
      (booking.budget === undefined || Math.round(booking.budget) <= 500)
    );
  };
}

/** The query parameter's one value; undefined when absent, null when repeated. */
function single(url: URL, name: string): string | undefined | null {
  const values = url.searchParams.getAll(name);
  return values.length > 1 ? null : values[0];
}
