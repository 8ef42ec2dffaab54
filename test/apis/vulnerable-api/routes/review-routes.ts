import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import { readBoundedJson } from '../bounded-json-body.js';
import { idOf, integerParam, isInteger, isPlainObject, isText } from '../field-checks.js';
import { readJsonObject } from '../json-request.js';
import type { ShopContext } from '../shop-context.js';
import { sendStackTrace } from '../stack-trace.js';

/** What the vulnerable POST /reviews reads before giving up: far more than any review. */
const UNCHECKED_BODY_BYTES = 50 * 1024 * 1024;

/**
 * Reviews. The list checks its sort and page size in both modes. Vulnerable POST: the body parser
 * was configured without a size limit, and a body that is not JSON fails with a stack trace.
 */
export function reviewRoutes(ctx: ShopContext): Route[] {
  const { reviews, products } = ctx.data;
  return [
    {
      method: 'GET',
      path: '/reviews',
      handle(_req, res, _params, url) {
        const productId = url.searchParams.get('productId');
        const sort = url.searchParams.get('sort') ?? 'newest';
        const limit = integerParam(url.searchParams.get('limit'), 20, 1, 50);
        if (productId !== null && idOf(productId) === undefined) return sendError(res, 400, 'productId must be an integer of at least 1');
        if (sort !== 'newest' && sort !== 'rating') return sendError(res, 400, 'sort must be newest or rating');
        if (limit === undefined) return sendError(res, 400, 'limit must be an integer from 1 to 50');
        const chosen = reviews.filter((review) => productId === null || review.productId === Number(productId));
        chosen.sort((a, b) => (sort === 'rating' ? b.rating - a.rating : 0) || b.id - a.id);
        sendJson(res, 200, chosen.slice(0, limit));
      },
    },
    {
      method: 'POST',
      path: '/reviews',
      async handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        if (!caller) return;
        let body: Record<string, unknown> | undefined;
        if (ctx.secure) {
          body = await readJsonObject(req, res);
          if (!body) return;
        } else {
          const read = await readBoundedJson(req, UNCHECKED_BODY_BYTES);
          if (!read.ok && read.reason === 'syntax')
            return sendStackTrace(res, `SyntaxError: ${read.detail?.replace(/^SyntaxError: /, '')}`, [
              'JSON.parse (<anonymous>)',
              'parse (/srv/shop/node_modules/body-parser/lib/types/json.js:92:19)',
              'createReview (/srv/shop/src/reviews/routes.js:27:22)',
            ]);
          if (!read.ok || !isPlainObject(read.value)) return sendError(res, 400, 'the body must be a JSON object');
          body = read.value;
        }
        const { productId, rating, text } = body;
        if (!isInteger(productId, 1) || !products.some((product) => product.id === productId))
          return sendError(res, 400, 'productId must be the id of a product');
        if (!isInteger(rating, 1, 5) || !isText(text, ctx.secure ? 5000 : Number.MAX_SAFE_INTEGER))
          return sendError(res, 400, 'rating must be 1 to 5 and text at most 5000 characters');
        const review = { id: ctx.data.nextId(), productId, rating, text, author: caller.username };
        reviews.push(review);
        sendJson(res, 201, review);
      },
    },
  ];
}
