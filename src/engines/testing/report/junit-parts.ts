import os from 'node:os';

/** Bodies in a failure are evidence, not the record: CI pages show them inline, so they are cut short. */
export const JUNIT_BODY_CHARS = 2000;

export function junitSeconds(ms: number): string {
  return (Math.max(0, ms || 0) / 1000).toFixed(3);
}

/** The Ant schema allows neither a zone nor fractions of a second: the time in UTC, without either. */
export function junitTimestamp(iso: string): string {
  const date = new Date(iso);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString().slice(0, 19);
}

export function junitHostname(): string {
  return os.hostname().trim() || 'localhost';
}
