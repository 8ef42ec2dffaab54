import type { CookieJar } from '../../../engines/http/cookie-jar.js';
import type { SavedRequestRun } from '../../../engines/requests/run-saved-request.js';
import type { SavedRequest } from '../../../workspace/saved-requests.js';
import type { EngineContext } from '../../../kit/tool/engine-context.js';
import { describeRequestRun } from './describe-request-run.js';

/**
 * A saved request sent with a session's context — the request tool's `run` and a `/<name>` slash
 * command's one way to the engine: its run, and the run as text with the session's secrets masked
 * wherever the API echoes them. `cookies`: the jar to send and keep (the tools' session jar); none by default.
 */
export async function sendSavedRequest(saved: SavedRequest, ctx: EngineContext, cookies?: CookieJar): Promise<{ run: SavedRequestRun; text: string }> {
  const { runSavedRequest } = await import('../../../engines/requests/run-saved-request.js');
  const run = await runSavedRequest(saved, ctx.variables, { signal: ctx.signal, cookies });
  return { run, text: ctx.secrets.maskValues(describeRequestRun(saved, run, ctx.variables.environment)) };
}
