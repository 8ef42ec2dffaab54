import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../nonconforming-api/json-exchange.js';
import type { TenantUser } from './tenant-data.js';

export const SESSION_COOKIE = 'tid_session';

/** Cookie sessions: a random id per login, kept in memory. */
export class Sessions {
  private readonly byId = new Map<string, TenantUser>();

  /**
   * A new session for the user, as the Set-Cookie value that carries it. The vulnerable build's
   * cookie is readable by scripts and sent cross-site (no HttpOnly, no SameSite); the secure one is not.
   */
  open(user: TenantUser, secure: boolean): string {
    const id = randomBytes(18).toString('base64url');
    this.byId.set(id, user);
    return `${SESSION_COOKIE}=${id}; Path=/${secure ? '; HttpOnly; SameSite=Lax' : ''}`;
  }

  /** The signed-in user, or undefined after answering 401. */
  require(req: IncomingMessage, res: ServerResponse): TenantUser | undefined {
    const id = (req.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim().split('='))
      .find(([name]) => name === SESSION_COOKIE)?.[1];
    const user = id === undefined ? undefined : this.byId.get(id);
    if (!user) sendError(res, 401, 'sign in first');
    return user;
  }
}
