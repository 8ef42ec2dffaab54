import type { ScanContext } from '../scan-context.js';
import type { SecurityCheck } from '../security-check.js';
import { answeredWithData } from './support/answers.js';
import { eachAtOnce } from './support/each-at-once.js';
import { derivedPaths } from './undocumented-endpoints/derived-paths.js';
import { isDocumented } from './undocumented-endpoints/documented-path.js';
import { EXPOSED_PATHS } from './undocumented-endpoints/exposed-paths.js';
import { carriesSecrets, exposureVerdict } from './undocumented-endpoints/exposure.js';
import { PathProber } from './undocumented-endpoints/path-prober.js';
import { probeUndocumentedMethods } from './undocumented-endpoints/probe-methods.js';
import { probeOtherVersions } from './undocumented-endpoints/probe-other-versions.js';

const VERSION_IN_BASE_URL = /\/v\d+(?:\/|$)/;

/**
 * API9: what the API serves beyond its spec. Common paths (EXPOSED_PATHS), then paths made of the
 * spec's own prefixes and Falcon's words (derivedPaths: `/api/v2/admin/export`, `/debug/config`),
 * then the spec's GETs under other versions of the API, then each documented path with the methods
 * the spec does not list for it — each sent without credentials, then as the first user where that
 * was refused (PathProber). A 2xx with content is the proof — content that shows what the path says
 * where one is known (`[core]` in /.git/config), and never what a path no API has also gets (an
 * SPA's index.html). One finding per path found; secrets in the answer make it high, and so do
 * records handed to a caller without credentials at a path made of words; secrets are masked.
 * The probes of each kind are capped (PROBE_CAPS), so that the whole check sends about 200 requests.
 */
export const undocumentedEndpointsCheck: SecurityCheck = {
  title: 'Undocumented endpoints',
  owasp: 'API9:2023',
  cwe: 'CWE-1059',
  proof:
    'a path the spec does not list (/admin, /.env, /actuator, its own prefixes with admin, debug, export… words, another version of the API) answers 2xx with content, or a documented path accepts a method the spec does not list for it',
  remediation:
    'Remove or protect debug, admin, export and old-version endpoints, answer 405 to the methods a path does not serve, and keep the spec as the inventory of what is exposed.',
  runOrder: 50,
  async run(ctx) {
    const prober = new PathProber(ctx);
    await probeExposedPaths(ctx, prober);
    await probeDerivedPaths(ctx, prober);
    await probeOtherVersions(ctx, prober);
    await probeUndocumentedMethods(ctx, prober);
    const basePath = new URL(ctx.baseUrl).pathname;
    if (VERSION_IN_BASE_URL.test(basePath))
      ctx.note(`undocumented_endpoints: the API's version is in the base URL (${basePath}), so other versions beside it were not probed`);
  },
};

async function probeExposedPaths(ctx: ScanContext, prober: PathProber): Promise<void> {
  const found = new Set<string>();
  const undocumented = EXPOSED_PATHS.filter((exposed) => !isDocumented(exposed.path, ctx.spec.operations));
  // A path that repeats another (`/admin/` for `/admin`) is tried after it, and only when it was not found.
  for (const round of [undocumented.filter((exposed) => !exposed.unless), undocumented.filter((exposed) => exposed.unless)]) {
    const due = round.filter((exposed) => !(exposed.unless && found.has(exposed.unless)));
    await eachAtOnce(ctx, due, async (exposed, ctx) => {
      const answer = await prober.probe(
        { method: 'GET', path: exposed.path },
        (response) => answeredWithData(response) && (exposed.content?.test(response.body) ?? true),
      );
      if (!answer) return;
      found.add(exposed.path);
      const title = `${capitalized(exposed.what)} answers at GET ${exposed.path}, which the spec does not list`;
      const secrets = exposed.mayHoldSecrets === true && carriesSecrets(answer.exchange.response.body);
      ctx.report({
        severity: secrets ? 'high' : exposed.severity,
        operation: { method: 'GET', path: exposed.path },
        title: secrets ? `${title}, with secrets in it` : title,
        exchange: answer.exchange,
      });
    });
  }
}

async function probeDerivedPaths(ctx: ScanContext, prober: PathProber): Promise<void> {
  const fixed = new Set(EXPOSED_PATHS.map((exposed) => exposed.path));
  const skip = (path: string) => fixed.has(path) || isDocumented(path, ctx.spec.operations);
  const paths = derivedPaths(
    ctx.spec.operations.map((operation) => operation.path),
    skip,
  );
  await eachAtOnce(ctx, paths, async ({ path, word }, ctx) => {
    const answer = await prober.probe({ method: 'GET', path }, answeredWithData);
    if (!answer) return;
    const { high, words } = exposureVerdict(answer.exchange.response, !answer.identity);
    ctx.report({
      severity: high ? 'high' : word.severity,
      operation: { method: 'GET', path },
      title: `${capitalized(word.what)} answers at GET ${path}, which the spec does not list${words}`,
      exchange: answer.exchange,
    });
  });
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
