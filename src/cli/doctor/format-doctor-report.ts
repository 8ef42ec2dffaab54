import type { Paint } from '../../config/paint.js';
import { terminalSafeJson, terminalSafeText } from '../../safety/terminal-text.js';
import type { CheckStatus, DoctorCheck } from './doctor-check.js';

const MARKS: Record<CheckStatus, { mark: string; colour: 'green' | 'yellow' | 'red' }> = {
  ok: { mark: '✓', colour: 'green' },
  warn: { mark: '!', colour: 'yellow' },
  fail: { mark: '✗', colour: 'red' },
};

/**
 * `✓ name: summary` per check, its details and fix indented under it, and a last line that counts
 * problems and warnings. Config values and server messages are in there: all of it is shown terminal-safe.
 */
export function formatDoctorReport(checks: readonly DoctorCheck[], version: string, paint: Paint): string {
  const lines = [`falcon ${version}`, ''];
  for (const check of checks) {
    const { mark, colour } = MARKS[check.status];
    lines.push(`${paint(colour, mark)} ${paint('bold', safe(check.name))}: ${safe(check.summary)}`);
    for (const detail of check.details ?? []) lines.push(`    ${paint('dim', safe(detail))}`);
    if (check.fix) lines.push(`    → ${safe(check.fix)}`);
  }
  lines.push('', verdict(checks));
  return `${lines.join('\n')}\n`;
}

/** `{ok, version, checks: [{name, status, summary, details?, fix?}]}` for scripts. */
export function formatDoctorJson(checks: readonly DoctorCheck[], version: string): string {
  return `${terminalSafeJson({ ok: !checks.some((check) => check.status === 'fail'), version, checks }, 2)}\n`;
}

function verdict(checks: readonly DoctorCheck[]): string {
  const problems = checks.filter((check) => check.status === 'fail').length;
  const warnings = checks.filter((check) => check.status === 'warn').length;
  if (problems === 0 && warnings === 0) return 'Everything is in order.';
  const counted = [problems && count(problems, 'problem'), warnings && count(warnings, 'warning')].filter(Boolean).join(' and ');
  return problems > 0 ? `${counted}: fix the lines marked ✗, then run falcon doctor again.` : `No problems; ${counted}.`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function safe(text: string): string {
  return terminalSafeText(text).replaceAll('\n', ' ');
}
