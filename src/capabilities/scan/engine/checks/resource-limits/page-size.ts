import type { SpecOperation, SpecParameter } from '../../../../../engines/spec/spec-format.js';
import type { ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanRequest } from '../../scan-exchange.js';
import { recordCount } from '../support/answers.js';
import { requiresAuth, sendProbe } from '../support/probes.js';

const PAGE_SIZE_PARAMETER = /^(\$?top|limit|page_?size|per_?page|size|count|max_?results|take)$/i;
/** Far above any sensible page. */
const HUGE_PAGE = 100_000;
/** Where it says how many items there are in all. */
const TOTAL_FIELDS = ['total', 'totalCount', 'total_count', 'totalItems', 'total_items', 'totalElements', 'totalResults', 'count'];

/**
 * Each GET with a page-size query parameter, asked for HUGE_PAGE items: more items than its default
 * page (or the page its valid request asks for, when the parameter is required), more than the
 * spec's `maximum` when it declares one, and no `total` above the count (which would show a cap)
 * prove page sizes are unbounded. A 4xx passes. Resolves to the ids of the operations reported.
 */
export async function probePageSizes(ctx: ScanContext): Promise<string[]> {
  const reported: string[] = [];
  for (const operation of ctx.operations) {
    const parameter = pageSizeParameter(operation);
    const request = parameter && ctx.validRequest(operation);
    if (!parameter || !request) continue;
    const identity = requiresAuth(operation) ? ctx.identities[0] : undefined;
    const usual = await sendProbe(ctx, parameter.required ? request : withoutQueryKey(request, parameter.name), identity);
    const usualCount = usual && recordCount(usual.response);
    if (usualCount === undefined) continue;
    const huge = await sendProbe(ctx, { ...request, query: { ...request.query, [parameter.name]: HUGE_PAGE } }, identity);
    const count = huge && recordCount(huge.response);
    if (!huge || count === undefined) continue;
    const maximum = typeof parameter.schema?.maximum === 'number' ? parameter.schema.maximum : undefined;
    if (count <= usualCount || (maximum !== undefined && count <= maximum) || totalAbove(jsonBody(huge.response), count)) continue;
    ctx.report({
      severity: 'medium',
      operation,
      title: `${operation.method} ${operation.path} returned ${count} items for ${parameter.name}=${HUGE_PAGE}, where its usual page has ${usualCount}${maximum === undefined ? '' : ` (the spec allows at most ${maximum})`}: page sizes are not capped`,
      exchange: huge,
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

function withoutQueryKey(request: ScanRequest, key: string): ScanRequest {
  const { [key]: _dropped, ...query } = request.query ?? {};
  return { ...request, query };
}

/** The answer says there are more items than it returned: a cap it applied. */
function totalAbove(body: unknown, count: number): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  return TOTAL_FIELDS.some((field) => typeof record[field] === 'number' && record[field] > count);
}
