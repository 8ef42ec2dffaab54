/**
 * A path segment that says its request does more than read or create: it ends the session, deletes,
 * pays, sends or resets something. The scan's property and object checks leave these alone.
 */
const CONSEQUENTIAL_SEGMENT =
  /^(log-?out|sign-?out|log-?off|revoke|delete|remove|destroy|purge|wipe|reset|drop|truncate|cancel|refund|transfer|withdraw|pay|payments?|charge|checkout|disable|deactivate|suspend|shutdown|restart|reboot|send|notify|invite|password|credentials?|imports?|exports?)$/i;
/** Segments of logging in, signing up and token exchange. */
const AUTH_SEGMENT = /^(log-?in|sign-?in|sign-?up|register|auth|oauth2?|tokens?|sessions?|refresh)$/i;

export function isConsequentialPath(path: string): boolean {
  return path.split('/').some((segment) => CONSEQUENTIAL_SEGMENT.test(segment));
}

export function isAuthPath(path: string): boolean {
  return path.split('/').some((segment) => AUTH_SEGMENT.test(segment));
}
