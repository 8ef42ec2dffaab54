import { originOf } from '../../tools/support/request-origin.js';
import type { CallTarget } from './call-target.js';
import { literalPattern } from './permission-rule-match.js';

/**
 * The allow rule "always in this project" adds for a call: its exact command or path, the origin of
 * its URL (`http_request(http://localhost:3000/*)`), or the bare tool when it has no main argument.
 * A file at the root is written `./name`: a pattern without `/` would match that name in any folder,
 * `.falcon/hooks/check.sh` for `check.sh`.
 */
export function suggestedAllowRule(tool: string, target: CallTarget | undefined): string {
  if (!target) return tool;
  if (target.kind === 'url') {
    const origin = originOf(target.value);
    if (origin) return `${tool}(${literalPattern(origin)}/*)`;
  }
  const anchored = target.kind === 'path' && !target.value.includes('/') ? `./${target.value}` : target.value;
  return `${tool}(${literalPattern(anchored)})`;
}
