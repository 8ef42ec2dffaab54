import type { ScanExchange } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { CANARY_URL, sendStep } from '../replay/replay-step.js';
import { type InjectionPoint, MAX_POINTS_PER_OPERATION, injectionPoints, pointLabel, withValue } from './support/injection.js';
import { type ProbedOperation, probedOperations } from './support/operations.js';
import { sendProbe } from './support/probes.js';
import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';

const URL_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);
/** A field or parameter name that says it takes a URL: `imageUrl`, `callback_uri`, `webhook`, `avatar`. */
const URL_NAME = /(url|uri|href|webhook|callback|image|avatar|link|endpoint|redirect|target)s?$/i;
/** How long after the last probe was sent a server may take to fetch a canary URL. */
const FETCH_WAIT_MS = 1500;

interface SentProbe {
  target: ProbedOperation;
  point: InjectionPoint;
  token: string;
  /** The canary URL it sent. */
  url: string;
  exchange: ScanExchange;
}

/**
 * SSRF: each value that takes a URL gets a canary URL of Falcon's own listener, unique to it; a
 * request for that URL proves the server fetched it (high). The listener is on 127.0.0.1 unless
 * `--canary-host` names an address the target can reach, so without it the proof needs a target on
 * this machine; elsewhere the check says it could not run.
 */
export const ssrfCheck: SecurityCheck = {
  title: 'Server-side request forgery',
  owasp: 'API7:2023',
  cwe: 'CWE-918',
  proof: "a URL sent in a field makes the server request Falcon's own canary listener",
  remediation: 'Fetch only allow-listed hosts and schemes; resolve and refuse private, loopback and link-local addresses; do not follow redirects blindly.',
  runOrder: 140,
  async run(ctx) {
    const targets = probedOperations(ctx).flatMap((target) => {
      const points = injectionPoints(target.operation, target.request).filter(takesUrl).slice(0, MAX_POINTS_PER_OPERATION);
      return points.length > 0 ? [{ target, points }] : [];
    });
    if (targets.length === 0) {
      ctx.note('ssrf: no operation takes a URL (a format uri field, or a name such as url, webhook, callback, image)');
      return;
    }
    if (ctx.canaryHost === undefined && !(await isOnThisMachine(ctx.baseUrl))) {
      ctx.note(
        `ssrf: ${new URL(ctx.baseUrl).host} is not this machine and Falcon's canary listens on 127.0.0.1, so SSRF could not be proven from here (${targets.length} operations take a URL); give --canary-host with an address of this machine the target can reach`,
      );
      return;
    }
    const canary = await ctx.canary();
    const sent: SentProbe[] = [];
    for (const { target, points } of targets) {
      for (const point of points) {
        const { token, url } = canary.newProbe();
        const exchange = await sendProbe(ctx, withValue(target.request, point, url), target.identity);
        if (exchange) sent.push({ target, point, token, url, exchange });
      }
    }
    const deadline = Date.now() + FETCH_WAIT_MS;
    for (const { target, point, token, url, exchange } of sent) {
      if (!(await canary.wasHit(token, Math.max(0, deadline - Date.now())))) continue;
      ctx.report({
        severity: 'high',
        operation: target.operation,
        title: `The server fetches the URL sent in the ${pointLabel(point)}: Falcon's canary listener was requested`,
        exchange,
        // The listener is gone after the scan: the reader's own stands in for it.
        replay: [sendStep(`the ${pointLabel(point)} holds a URL you watch: the server requests it`, exchange, [{ literal: url, variable: CANARY_URL }])],
      });
    }
  },
};

function takesUrl(point: InjectionPoint): boolean {
  const format = point.schema?.format;
  return (typeof format === 'string' && URL_FORMATS.has(format)) || URL_NAME.test(point.keys[point.keys.length - 1]!) || /^https?:\/\//i.test(point.value);
}

const LOOPBACK = /^(::ffff:)?127\.|^::1$/;

/**
 * Whether the host of `url` is this machine: every address it resolves to is a loopback one or one
 * of this machine's interfaces. A server here can reach Falcon's loopback listeners; one elsewhere cannot.
 */
export async function isOnThisMachine(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await lookup(host, { all: true }).then(
    (found) => found.map(({ address }) => address),
    () => [],
  );
  const own = new Set(Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map(({ address }) => address)));
  return addresses.length > 0 && addresses.every((address) => LOOPBACK.test(address) || own.has(address));
}
