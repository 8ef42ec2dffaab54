import { MASK } from '../../../../safety/masked-marker.js';
import type { Identity } from '../identity.js';
import type { ScanContext } from '../scan-context.js';
import type { ScanExchange, ScanRequest } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import type { Severity } from '../severity.js';
import { catchAllAnswer, isCatchAllAnswer } from './undocumented-endpoints/catch-all-answer.js';
import { isDocumented } from './undocumented-endpoints/documented-path.js';
import { EXPOSED_PATHS } from './undocumented-endpoints/exposed-paths.js';
import { olderVersionPaths } from './undocumented-endpoints/older-api-versions.js';
import { probedOperations } from './support/operations.js';
import { maskResponseSecrets } from '../../../../safety/mask-response-secrets.js';
import { answeredWithData } from './support/answers.js';
import { sendProbe } from './support/probes.js';

/** GET operations tried under each older API version before it is taken for gone. */
const OPERATIONS_PER_VERSION = 3;
const VERSION_IN_BASE_URL = /\/v\d+(?:\/|$)/;

/**
 * API9: common paths the spec does not list (EXPOSED_PATHS), then the spec's GET operations under
 * older versions of the API (`/api/v1/…` beside `/api/v2/…`), each sent as GET anonymously, then
 * as the first identity. A 2xx with content is the proof — content that shows what the path says
 * where one is known (`[core]` in /.git/config), and never what a path no API has also gets (an
 * SPA's index.html). One finding per path found, method GET; for an older version, one per version,
 * at the first operation that answers under it. Secrets in a settings file's answer make it high;
 * in any answer they are masked.
 */
export const undocumentedEndpointsCheck: SecurityCheck = {
  title: 'Undocumented endpoints',
  owasp: 'API9:2023',
  cwe: 'CWE-1059',
  proof: 'a common path the spec does not list (/admin, /debug, /actuator, /.env, /swagger.json, an older API version…) answers 2xx with content',
  remediation: 'Remove or protect debug, admin and old-version endpoints, and keep the spec as the inventory of what is exposed.',
  runOrder: 50,
  async run(ctx) {
    const probe = prober(ctx);
    const found = new Set<string>();
    for (const exposed of EXPOSED_PATHS) {
      if (isDocumented(exposed.path, ctx.spec.operations) || (exposed.unless && found.has(exposed.unless))) continue;
      const exchange = await probe({ method: 'GET', path: exposed.path }, [undefined, ctx.identities[0]], exposed.content);
      if (!exchange) continue;
      found.add(exposed.path);
      const title = `${capitalized(exposed.what)} answers at GET ${exposed.path}, which the spec does not list`;
      if (exposed.mayHoldSecrets && carriesSecrets(exchange.response.body)) report(ctx, exposed.path, 'high', `${title}, with secrets in it`, exchange);
      else report(ctx, exposed.path, exposed.severity, title, exchange);
    }
    await probeOlderVersions(ctx, probe);
    const basePath = new URL(ctx.baseUrl).pathname;
    if (VERSION_IN_BASE_URL.test(basePath))
      ctx.note(`undocumented_endpoints: the API's version is in the base URL (${basePath}), so older versions beside it were not probed`);
  },
};

type Prober = (request: ScanRequest, senders: ReadonlyArray<Identity | undefined>, content?: RegExp) => Promise<ScanExchange | undefined>;

/** Sends a GET as each sender in turn; the first answer that proves the path exists, compared with each sender's catch-all answer. */
function prober(ctx: ScanContext): Prober {
  const catchAlls = new Map<Identity | undefined, Promise<ScanExchange | undefined>>();
  return async (request, senders, content) => {
    for (const sender of new Set(senders)) {
      const exchange = await sendProbe(ctx, request, sender);
      if (!exchange || !answeredWithData(exchange.response) || (content && !content.test(exchange.response.body))) continue;
      if (!catchAlls.has(sender)) catchAlls.set(sender, catchAllAnswer(ctx, sender));
      if (!isCatchAllAnswer(exchange, await catchAlls.get(sender))) return exchange;
    }
    return undefined;
  };
}

async function probeOlderVersions(ctx: ScanContext, probe: Prober): Promise<void> {
  const tried = new Map<string, number>();
  const answered = new Set<string>();
  for (const target of probedOperations(ctx).filter(({ operation }) => operation.method === 'GET')) {
    for (const older of olderVersionPaths(target.operation.path)) {
      const attempts = tried.get(older.version) ?? 0;
      if (answered.has(older.version) || attempts >= OPERATIONS_PER_VERSION || isDocumented(older.path, ctx.spec.operations)) continue;
      tried.set(older.version, attempts + 1);
      const exchange = await probe({ ...target.request, path: older.path }, [target.identity]);
      if (!exchange) continue;
      answered.add(older.version);
      report(ctx, older.path, 'medium', `An older version of the API (${older.version}) answers at GET ${older.path}, which the spec does not list`, exchange);
    }
  }
}

/** Secrets in the answer are masked, whatever it is: a served file can hold any. */
function report(ctx: ScanContext, path: string, severity: Severity, title: string, exchange: ScanExchange): void {
  ctx.report({ severity, operation: { method: 'GET', path }, title, exchange });
}

function carriesSecrets(body: string): boolean {
  return !body.includes(MASK) && maskResponseSecrets(body).includes(MASK);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
