import type { Finding } from '../test-run.js';
import type { CheckContext } from './check-context.js';
import { maskText } from '../../../safety/mask-text.js';

const SHOWN_BODY_CHARS = 120;

/** Any 5xx: the server broke on the request, whatever the spec says. */
export function notAServerError({ response }: CheckContext): Finding[] {
  if (response.status < 500 || response.status > 599) return [];
  const body = maskText(response.body.slice(0, SHOWN_BODY_CHARS * 4)).replace(/\s+/g, ' ').trim();
  const excerpt = body.length > SHOWN_BODY_CHARS ? `${body.slice(0, SHOWN_BODY_CHARS)}…` : body;
  return [{ kind: 'not_a_server_error', message: `server error ${response.status} ${response.statusText}${excerpt ? `: ${excerpt}` : ''}` }];
}
