import type { Severity } from '../../severity.js';

/**
 * A word an API's forgotten endpoints hide under. A place names an area of the app (`/admin`,
 * `/internal`); a thing names what is kept there (`config`, `export`): a place and a thing make the
 * two-word paths (`/admin/backup`, `/debug/config`).
 */
export interface ProbeWord {
  word: string;
  role: 'place' | 'thing';
  /** What answers there, in words: `an admin endpoint`. */
  what: string;
  /** When it answers a caller with credentials, or without them but with neither records nor secrets. */
  severity: Severity;
}

/**
 * Falcon's own list, the most telling first: an area only staff should reach, then what holds
 * settings or everyone's data, then what tells about the running app, then what was left behind.
 */
export const PROBE_WORDS: readonly ProbeWord[] = [
  { word: 'admin', role: 'place', what: 'an admin endpoint', severity: 'medium' },
  { word: 'internal', role: 'place', what: 'an internal endpoint', severity: 'medium' },
  { word: 'debug', role: 'place', what: 'a debug endpoint', severity: 'medium' },
  { word: 'config', role: 'thing', what: 'a configuration endpoint', severity: 'medium' },
  { word: 'export', role: 'thing', what: 'an export', severity: 'medium' },
  { word: 'backup', role: 'thing', what: 'a backup', severity: 'medium' },
  { word: 'env', role: 'thing', what: 'an environment endpoint', severity: 'medium' },
  { word: 'actuator', role: 'place', what: 'an actuator endpoint', severity: 'medium' },
  { word: 'metrics', role: 'thing', what: 'a metrics endpoint', severity: 'low' },
  { word: 'dump', role: 'thing', what: 'a dump', severity: 'medium' },
  { word: 'settings', role: 'thing', what: 'a settings endpoint', severity: 'medium' },
  { word: 'private', role: 'place', what: 'a private endpoint', severity: 'medium' },
  { word: 'system', role: 'place', what: 'a system endpoint', severity: 'medium' },
  { word: 'logs', role: 'thing', what: 'a log endpoint', severity: 'medium' },
  { word: 'stats', role: 'thing', what: 'a statistics endpoint', severity: 'low' },
  { word: 'dev', role: 'place', what: 'a development endpoint', severity: 'low' },
  { word: 'test', role: 'place', what: 'a test endpoint', severity: 'low' },
  { word: 'legacy', role: 'place', what: 'a legacy endpoint', severity: 'low' },
];

export const PLACE_WORDS = PROBE_WORDS.filter((word) => word.role === 'place');
export const THING_WORDS = PROBE_WORDS.filter((word) => word.role === 'thing');
