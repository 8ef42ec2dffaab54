import type { SpecOperation, SpecParameter } from '../../../../../engines/spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanExchange, type ScanRequest } from '../../scan-exchange.js';
import { isSuccess, recordCount } from '../support/answers.js';
import { plainRequest, requiresAuth, sendProbe } from '../support/probes.js';

const PAGE_SIZE_PARAMETER = /^(\$?top|limit|page_?size|per_?page|size|count|max_?results|take)$/i;
/** The page sizes asked for, as multiples of the base page. */
const TENFOLD = 10;
const THOUSANDFOLD = 1000;
/** Where it says how many items there are in all. */
const TOTAL_FIELDS = ['total', 'totalCount', 'total_count', 'totalItems', 'total_items', 'totalElements', 'totalResults', 'count'];

/** The page an operation answers when not asked for more, and where its size comes from. */
interface BasePage {
  size: number;
  source: string;
  answer: ScanExchange;
}

/**
 * Each GET with a page-size query parameter, sent with that parameter alone (optional filters left
 * out, as they would hide items): its base page (the spec's example size, else its default, else
 * the items it answers without the parameter), then 10× and 1000× that size. Both answered 2xx, the
 * tenfold page with more items than the base and the thousandfold with more still (no clamp between),
 * no `total` above the count (a cap it declares) and more than the spec's `maximum` when it declares
 * one — or, for an answer that is no list, a body growing to 10× the base's — prove page sizes are
 * unbounded. A 4xx, or a page that stops growing, is a limit. Resolves to the ids of the operations reported.
 */
export async function probePageSizes(ctx: ScanContext): Promise<string[]> {
  const reported: string[] = [];
  for (const operation of ctx.operations) {
    const parameter = pageSizeParameter(operation);
    const request = parameter && plainRequest(ctx, operation);
    if (!parameter || !request) continue;
    const identity = requiresAuth(operation) ? ctx.identities[0] : undefined;
    const base = await basePage(ctx, request, parameter, identity);
    if (!base) continue;
    const tenfold = await sendProbe(ctx, withPageSize(request, parameter, base.size * TENFOLD), identity);
    if (!tenfold || !isSuccess(tenfold.response.status)) continue;
    const thousandfold = await sendProbe(ctx, withPageSize(request, parameter, base.size * THOUSANDFOLD), identity);
    if (!thousandfold || !isSuccess(thousandfold.response.status)) continue;
    const growth = unboundedGrowth(base, tenfold, thousandfold, parameter);
    if (!growth) continue;
    ctx.report({
      severity: 'medium',
      operation,
      title: `${operation.method} ${operation.path} answered ${growth.huge} for ${parameter.name}=${base.size * THOUSANDFOLD} and ${growth.tenfold} for ${parameter.name}=${base.size * TENFOLD}, where its base page (${base.source}) has ${growth.base}: page sizes are not capped`,
      exchange: thousandfold,
      followUp: tenfold,
    });
    reported.push(operation.id);
  }
  return reported;
}

/** A numeric query parameter (or one of unknown type) named like a page size, on a GET. */
function pageSizeParameter(operation: SpecOperation): SpecParameter | undefined {
  if (operation.method !== 'GET') return undefined;
  return operation.parameters.find((parameter) => {
    const type = parameter.schema?.type;
    return parameter.in === 'query' && PAGE_SIZE_PARAMETER.test(parameter.name) && (type === undefined || type === 'integer' || type === 'number');
  });
}

async function basePage(ctx: ScanContext, request: ScanRequest, parameter: SpecParameter, identity: Identity | undefined): Promise<BasePage | undefined> {
  const documented = positiveInteger(parameter.example) ?? positiveInteger(parameter.schema?.default);
  if (documented !== undefined) {
    const answer = await sendProbe(ctx, withPageSize(request, parameter, documented), identity);
    const source = `${parameter.name}=${documented}, the spec's ${positiveInteger(parameter.example) === undefined ? 'default' : 'example'}`;
    return answer && isSuccess(answer.response.status) ? { size: documented, source, answer } : undefined;
  }
  const answer = await sendProbe(ctx, withoutPageSize(request, parameter), identity);
  const count = answer && recordCount(answer.response);
  return answer && count !== undefined && count > 0 ? { size: count, source: `without ${parameter.name}`, answer } : undefined;
}

/** How each page read, when the pages grew past the base and past the tenfold page; undefined when a limit shows. */
function unboundedGrowth(
  base: BasePage,
  tenfold: ScanExchange,
  thousandfold: ScanExchange,
  parameter: SpecParameter,
): { base: string; tenfold: string; huge: string } | undefined {
  const counts = [base.answer, tenfold, thousandfold].map((exchange) => recordCount(exchange.response));
  if (counts.every((count) => count !== undefined)) {
    const [baseCount, tenfoldCount, hugeCount] = counts as [number, number, number];
    const maximum = typeof parameter.schema?.maximum === 'number' ? parameter.schema.maximum : undefined;
    if (tenfoldCount <= baseCount || hugeCount <= tenfoldCount || totalAbove(jsonBody(thousandfold.response), hugeCount)) return undefined;
    if (maximum !== undefined && hugeCount <= maximum) return undefined;
    const allowed = maximum === undefined ? '' : ` (the spec allows at most ${maximum})`;
    return { base: `${baseCount} items`, tenfold: `${tenfoldCount} items`, huge: `${hugeCount} items${allowed}` };
  }
  const [baseSize, tenfoldSize, hugeSize] = [base.answer, tenfold, thousandfold].map((exchange) => Buffer.byteLength(exchange.response.body)) as [
    number,
    number,
    number,
  ];
  if (tenfoldSize <= baseSize || hugeSize <= tenfoldSize || hugeSize < baseSize * TENFOLD) return undefined;
  return { base: `a body of ${baseSize} bytes`, tenfold: `${tenfoldSize} bytes`, huge: `a body of ${hugeSize} bytes` };
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}

function withPageSize(request: ScanRequest, parameter: SpecParameter, size: number): ScanRequest {
  return { ...request, query: { ...request.query, [parameter.name]: size } };
}

function withoutPageSize(request: ScanRequest, parameter: SpecParameter): ScanRequest {
  const { [parameter.name]: _dropped, ...query } = request.query ?? {};
  return { ...request, query };
}

/** The answer says there are more items than it returned: a cap it applied. */
function totalAbove(body: unknown, count: number): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return TOTAL_FIELDS.some((field) => typeof record[field] === 'number' && record[field] > count);
}
