import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { headerValue, type ScanRequest, type ScanResponse } from '../../scan-exchange.js';
import { answeredWithData, isSuccess } from '../support/answers.js';
import { eachAtOnce } from '../support/each-at-once.js';
import { sendProbe } from '../support/probes.js';
import { exposureVerdict } from './exposure.js';
import type { Accepts, PathProber } from './path-prober.js';
import { type MethodProbe, undocumentedMethods } from './undocumented-methods.js';

/** A body that only lists methods (`GET, HEAD`, `["GET"]`): what frameworks answer OPTIONS with by themselves. */
const METHOD_LIST = /^[\s"'[\],A-Z]*$/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A method no API serves (WebDAV's): a path that accepts it accepts any, and so proves no handler of its own by accepting another. */
const UNSERVED_METHOD = 'PROPFIND';

/**
 * Each documented path with the methods the spec does not list for it (undocumentedMethods). A
 * write accepted (2xx) is a finding: high when a caller without credentials got it accepted, medium
 * as the user; a read counts when it answers with content (HEAD: a Content-Length; OPTIONS: more
 * than the methods allowed), high when it hands out secrets, or records to a caller without
 * credentials, else low. Neither counts when the same method gets the same answer on a path no API
 * has, nor when the path also accepts PROPFIND (it answers whatever the method). Paths are probed
 * several at once, the methods of one path one after another (a write accepted may change what the
 * next method finds).
 */
export async function probeUndocumentedMethods(ctx: ScanContext, prober: PathProber): Promise<void> {
  const anyMethod = new Map<string, Promise<boolean>>();
  const answersAnyMethod = (request: ScanRequest, identity: Identity | undefined) => {
    const key = `${request.path} ${identity?.name ?? ''}`;
    let answers = anyMethod.get(key);
    if (!answers) anyMethod.set(key, (answers = acceptsUnservedMethod(ctx, request, identity)));
    return answers;
  };
  const probes = undocumentedMethods(ctx.spec.operations, (operation) => ctx.validRequest(operation), ctx.allowDestructive);
  const byPath = new Map<string, MethodProbe[]>();
  for (const probe of probes) byPath.set(probe.path, [...(byPath.get(probe.path) ?? []), probe]);
  await eachAtOnce(ctx, [...byPath.values()], async (pathProbes, ctx) => {
    for (const { path, documented, request } of pathProbes) {
      const answer = await prober.probe(request, accepting(request.method));
      if (!answer || (await answersAnyMethod(request, answer.identity))) continue;
      const { response } = answer.exchange;
      const anonymous = !answer.identity;
      const listed = `though the spec lists only ${documented.join(', ')} for this path`;
      if (!READS.has(request.method)) {
        const title = `${request.method} ${path} is accepted (HTTP ${response.status})${anonymous ? ' from a caller with no credentials' : ''}, ${listed}`;
        ctx.report({ severity: anonymous ? 'high' : 'medium', operation: { method: request.method, path }, title, exchange: answer.exchange });
        continue;
      }
      const { high, words } = exposureVerdict(response, anonymous);
      const title = `${request.method} ${path} answers (HTTP ${response.status})${words}, ${listed}`;
      ctx.report({ severity: high ? 'high' : 'low', operation: { method: request.method, path }, title, exchange: answer.exchange });
    }
  });
}

async function acceptsUnservedMethod(ctx: ScanContext, request: ScanRequest, identity: Identity | undefined): Promise<boolean> {
  const { body: _body, ...withoutBody } = request;
  const exchange = await sendProbe(ctx, { ...withoutBody, method: UNSERVED_METHOD }, identity);
  return exchange !== undefined && isSuccess(exchange.response.status);
}

function accepting(method: string): Accepts {
  if (method === 'GET') return answeredWithData;
  if (method === 'HEAD') return (response: ScanResponse) => isSuccess(response.status) && Number(headerValue(response, 'content-length') ?? 0) > 0;
  if (method === 'OPTIONS') return (response: ScanResponse) => answeredWithData(response) && !METHOD_LIST.test(response.body);
  return (response: ScanResponse) => isSuccess(response.status);
}
