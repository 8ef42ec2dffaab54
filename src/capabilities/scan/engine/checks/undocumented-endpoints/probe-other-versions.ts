import type { ScanContext } from '../../scan-context.js';
import type { Severity } from '../../severity.js';
import { answeredWithData } from '../support/answers.js';
import { probedOperations, type ProbedOperation } from '../support/operations.js';
import { requiresAuth } from '../support/probes.js';
import { isDocumented } from './documented-path.js';
import { exposureVerdict } from './exposure.js';
import { type OtherVersion, otherVersionPaths } from './other-api-versions.js';
import type { PathProber } from './path-prober.js';
import { PROBE_CAPS } from './probe-caps.js';

/** GET operations tried under each other version before it is taken for gone. */
const OPERATIONS_PER_VERSION = 3;

const RELATION_WORDS: Record<OtherVersion['relation'], { name: string; severity: Severity }> = {
  older: { name: 'An older version of the API', severity: 'medium' },
  newer: { name: 'A newer version of the API', severity: 'medium' },
  unversioned: { name: 'The API without its version', severity: 'low' },
};

/**
 * The spec's GETs under the other versions of their prefix (otherVersionPaths): a numbered
 * version's root first (`/api/v1`, an index), then its operations, those the spec puts behind
 * credentials first (an old version that skips the check is the worst case), those without path
 * parameters before the others. One finding per version, at the first path that answers with
 * content; high when it hands out secrets, or records the spec's own operation keeps for callers
 * with credentials to a caller without. At most PROBE_CAPS.versionProbes probes.
 */
export async function probeOtherVersions(ctx: ScanContext, prober: PathProber): Promise<void> {
  const tried = new Map<string, number>();
  const answered = new Set<string>();
  let probes = 0;
  const probe = async (version: OtherVersion, path: string, target?: ProbedOperation) => {
    if (probes >= PROBE_CAPS.versionProbes) return;
    probes++;
    const answer = await prober.probe({ ...target?.request, method: 'GET', path }, answeredWithData);
    if (!answer) return;
    answered.add(version.prefix);
    const guarded = target !== undefined && requiresAuth(target.operation);
    const { high, words } = exposureVerdict(answer.exchange.response, !answer.identity, guarded);
    const { name, severity } = RELATION_WORDS[version.relation];
    const title = `${name} (${version.prefix}) answers at GET ${path}, which the spec does not list${words}`;
    ctx.report({ severity: high ? 'high' : severity, operation: { method: 'GET', path }, title, exchange: answer.exchange });
  };
  for (const target of versionTargets(ctx)) {
    for (const { version, path } of otherVersionPaths(target.operation.path)) {
      if (probes >= PROBE_CAPS.versionProbes) return;
      const attempts = tried.get(version.prefix);
      if (answered.has(version.prefix) || (attempts ?? 0) >= OPERATIONS_PER_VERSION || isDocumented(path, ctx.spec.operations)) continue;
      tried.set(version.prefix, (attempts ?? 0) + 1);
      if (attempts === undefined && version.relation !== 'unversioned' && !isDocumented(version.prefix, ctx.spec.operations)) {
        await probe(version, version.prefix);
        if (answered.has(version.prefix)) continue;
      }
      await probe(version, path, target);
    }
  }
}

function versionTargets(ctx: ScanContext): ProbedOperation[] {
  const rank = (target: ProbedOperation) => (requiresAuth(target.operation) ? 0 : 2) + (target.operation.path.includes('{') ? 1 : 0);
  return probedOperations(ctx)
    .filter(({ operation }) => operation.method === 'GET')
    .map((target, order) => ({ target, order }))
    .sort((a, b) => rank(a.target) - rank(b.target) || a.order - b.order)
    .map(({ target }) => target);
}
