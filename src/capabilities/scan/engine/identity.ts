import type { LoginOperation } from './login-operation.js';

/** Who a request is sent as: a user logged in with `--user`, or a `--token`. */
export interface Identity {
  name: string;
  /** What authenticates it: `authorization: Bearer …` or `cookie: …`. */
  headers: Record<string, string>;
  /** The bearer token itself, when there is one (the JWT checks read and re-sign it). */
  token?: string;
  /** With `--user`: the login it was made from, the operation it went through (login_rate_limit tries it) and its JSON answer (the user's own values: its organisation, its id). */
  login?: { username: string; password: string; operation: LoginOperation; answer?: unknown; credential: LoginCredential };
}

/** Where the login's answer carried the credential: a token at a jq path of its body, or a cookie it set. */
export type LoginCredential = { token: string } | { cookie: string };
