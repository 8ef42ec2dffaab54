import { type CheckContext, defineSpecCheck } from './check-context.js';

const SHOWN_BODY_CHARS = 120;

/** Any 5xx: the server broke on the request, whatever the spec says. */
export const notAServerError = defineSpecCheck({ name: 'not_a_server_error', judgesProbes: true, judge });

// The masking loads with the first server error: `falcon test --help` lists the checks without it.
async function judge({ response }: CheckContext): Promise<string[]> {
  if (response.status < 500 || response.status > 599) return [];
  const { maskText } = await import('../../../safety/mask-text.js');
  const body = maskText(response.body.slice(0, SHOWN_BODY_CHARS * 4))
    .replace(/\s+/g, ' ')
    .trim();
  const excerpt = body.length > SHOWN_BODY_CHARS ? `${body.slice(0, SHOWN_BODY_CHARS)}…` : body;
  return [`server error ${response.status} ${response.statusText}${excerpt ? `: ${excerpt}` : ''}`];
}
