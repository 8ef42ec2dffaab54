import { DEFAULT_MAX_REQUESTS, DEFAULT_SCAN_RATE } from '../engine/run-scan.js';
import { RULE_NAMES } from '../engine/checks/all-checks.js';
import { maskText } from '../../../safety/mask-text.js';
import type { Preview } from '../../../kit/tool/preview.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import { apiOrigin, originOf, repositoryChose } from '../../../kit/tool-support/request-origin.js';

export interface ScanPreviewArgs {
  base_url?: string;
  graphql?: string;
  spec?: string;
  users?: string[];
  tokens?: string[];
  checks?: readonly string[];
  allow_destructive?: boolean;
}

/** The checks named that have GraphQL probes: the ones a scan of a GraphQL endpoint runs. */
async function graphqlChecks(names: readonly string[]): Promise<string[]> {
  const [{ ALL_CHECKS }, { loadChecks }] = await Promise.all([import('../engine/checks/all-checks.js'), import('../engine/load-checks.js')]);
  return (await loadChecks(ALL_CHECKS, names)).filter((check) => check.runGraphQL).map((check) => check.id);
}

/**
 * A scan is always approved first: it sends hostile requests (injections, forged tokens, bursts).
 * The summary names the target, who it acts as, how much it may send and whether it may change data.
 */
export async function scanPreview(args: ScanPreviewArgs, ctx: ToolContext): Promise<Preview> {
  const api = await apiOrigin(ctx.projectRoot, ctx.variables);
  const named = args.graphql ?? args.base_url;
  const given = named === undefined ? undefined : await ctx.variables.resolve(named).catch(() => named);
  const target = given ?? (api ? `${api.origin} (BASE_URL of the "${api.environment}" environment)` : "the spec's server URL");
  const who = [...(args.users ?? []), ...(args.tokens ?? [])].map((credential) => credential.slice(0, credential.indexOf(':')));
  const checks = args.graphql === undefined ? (args.checks ?? RULE_NAMES) : await graphqlChecks(args.checks ?? RULE_NAMES);
  const details = [
    `Checks: ${checks.join(', ')}.`,
    `As: ${who.length > 0 ? who.join(', ') : 'no user (only the checks that need none can prove anything)'}.`,
    `At most ${DEFAULT_MAX_REQUESTS} requests, ${DEFAULT_SCAN_RATE} a second, short bursts aside.`,
    args.allow_destructive
      ? "Destructive: DELETE is allowed and data other than the scanning users' own may change."
      : "Not destructive: no DELETE, and only the scanning users' own objects change (restored when possible).",
  ];
  const origin = given === undefined ? undefined : originOf(given);
  if (origin !== undefined && api && origin !== api.origin) {
    details.push(
      `${origin} is not the API under test (BASE_URL of the "${api.environment}" environment is ${api.origin}): approving names it as the scan's target.`,
    );
  } else if (api && !ctx.trustedProject) {
    details.push(`${api.origin} is ${repositoryChose(api)}: approving names it as the scan's target.`);
  }
  details.push('Approve only if you may scan this server.');
  const title = `security scan of ${target}: ${checks.length} check${checks.length === 1 ? '' : 's'}${who.length > 0 ? ` as ${who.join(', ')}` : ''}`;
  return { kind: 'info', title: maskText(title, { secrets: ctx.secrets }), details: maskText(details.join('\n'), { secrets: ctx.secrets }) };
}
