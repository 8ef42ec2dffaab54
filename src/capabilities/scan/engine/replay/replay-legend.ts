import { curlCommandParts } from '../../../../engines/testing/report/curl-command.js';
import { caseRequestParts } from '../../../../engines/testing/run/case-http-request.js';
import type { Finding } from '../finding.js';
import type { Identity } from '../identity.js';
import { variableOf } from './identity-variables.js';
import { CANARY_URL } from './replay-step.js';

/** One variable the findings' lines read: what it holds, how to get it, and the line that sets it when one can. */
export interface ReplayVariable {
  name: string;
  meaning: string;
  /** A shell line that sets it on the scanned API (a login), run after the variables it reads. */
  set?: string;
}

/**
 * What each variable the findings' reproductions read holds and how a reader gets it, derived from
 * how the scan itself signed in: a user's token is the login's answer at the path the scan read it
 * from, a session the cookie the login set, a password what `--user` gave. The users' variables
 * first, in the order the users were given, each password before the login that sends it; then the
 * others in order of first use (checks run side by side, so their findings' order is not the users').
 */
export function replayLegend(findings: readonly Finding[], identities: readonly Identity[], baseUrl: string): ReplayVariable[] {
  const used = [...new Set(findings.flatMap((finding) => finding.variables ?? []))];
  const needed = used.flatMap((name) => {
    const identity = identities.find((candidate) => name === variableOf('token of', candidate) || name === variableOf('session of', candidate));
    return identity?.login ? [variableOf('password of', identity), name] : [name];
  });
  const rank = (name: string): number => {
    const index = identities.findIndex((identity) => USER_VARIABLES.some((kind) => name === variableOf(kind, identity)));
    if (index === -1) return identities.length * USER_VARIABLES.length;
    return index * USER_VARIABLES.length + USER_VARIABLES.findIndex((kind) => name === variableOf(kind, identities[index]!));
  };
  return [...new Set(needed)].sort((a, b) => rank(a) - rank(b)).map((name) => explained(name, identities, baseUrl));
}

/** A user's variables, in the order a reader sets them. */
const USER_VARIABLES = ['password of', 'token of', 'session of'] as const;

function explained(name: string, identities: readonly Identity[], baseUrl: string): ReplayVariable {
  if (name === CANARY_URL)
    return {
      name,
      meaning:
        'a URL you watch that the server can reach, e.g. `python3 -m http.server 8000` on your machine and http://YOUR-HOST:8000/canary: the server requesting it proves the finding',
    };
  for (const identity of identities) {
    if (name === variableOf('password of', identity))
      return { name, meaning: `${identity.name}'s password, as given to the scan with --user ${identity.name}:…` };
    if (name === variableOf('token of', identity) || name === variableOf('session of', identity)) return credentialVariable(name, identity, baseUrl);
  }
  return { name, meaning: 'a value this report masks (a secret given to the scan, or one an answer carried): set it to the value you gave the scan' };
}

function credentialVariable(name: string, identity: Identity, baseUrl: string): ReplayVariable {
  const login = identity.login;
  if (!login) return { name, meaning: `${identity.name}'s bearer token, as given to the scan with --token ${identity.name}:…` };
  const { operation, usernameField, passwordField } = login.operation;
  const password = variableOf('password of', identity);
  const body = JSON.stringify({ [usernameField]: login.username, [passwordField]: `{{${password}}}` });
  const parts = caseRequestParts({ method: operation.method, path: operation.path, body, bodyIsText: true, contentType: 'application/json' }, baseUrl);
  const sent = { method: parts.method, url: parts.url, headers: parts.headers ?? {}, body: String(parts.body) };
  const { command } = curlCommandParts(sent, { chainVariables: new Map([[password, password]]), headersInOutput: false });
  const request = `${operation.method} ${operation.path} {"${usernameField}": "${login.username}", "${passwordField}": $${password}}`;
  if ('token' in login.credential)
    return {
      name,
      meaning: `${identity.name}'s bearer token: log in with ${request} and take \`${login.credential.token}\` of the answer`,
      set: `${name}=$(${command} | jq -r '${login.credential.token}')`,
    };
  const cookie = login.credential.cookie;
  const dumped = command.replace(/^curl -sS/, 'curl -sS -o /dev/null -D -');
  return {
    name,
    meaning: `the value of ${identity.name}'s \`${cookie}\` cookie after logging in with ${request} (the answer's Set-Cookie)`,
    set: `${name}=$(${dumped} | tr -d '\\r' | sed -n 's/^[Ss]et-[Cc]ookie: *${cookie.replace(/[^\w-]/g, '\\$&')}=\\([^;]*\\).*/\\1/p' | head -n 1)`,
  };
}
