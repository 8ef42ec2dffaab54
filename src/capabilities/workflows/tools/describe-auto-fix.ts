import type { AutoFixResult, FixAttempt, ProposedChange } from '../engine/auto-fix.js';
import type { CaseUnderFix, CaseVerdict } from '../engine/case-under-fix.js';
import { describeError } from '../../../engines/failures/stack-frame.js';
import { countChanges, unifiedDiff } from '../../../kit/tool-support/file-diff.js';

const SHOWN_FAILURES = 3;

/**
 * The observation after auto_fix: the outcome first, then what changed (or why nothing did), each
 * attempt, and what to do next. `unapplied`: the change proposed where nobody could be asked.
 */
export async function describeAutoFix(result: AutoFixResult, failing: CaseUnderFix, maxAttempts: number, unapplied?: ProposedChange): Promise<string> {
  const { first, attempts } = result;
  const before = [`Before: ${describeVerdict(first)}${describeTrace(result)}`, ...(first.server?.lines ?? [])].join('\n');
  switch (result.status) {
    case 'already-passing':
      return `${failing.label} already passes (${describeVerdict(first)}): nothing to fix. Expected: ${failing.expected}.`;
    case 'unreachable':
      return [
        `${failing.label} got no response: ${first.failures.join('; ')}. A change to the code cannot be judged without one: start the API (server start, or check BASE_URL), then call auto_fix again.`,
        ...(first.server?.lines ?? []),
      ].join('\n');
    case 'no-target':
      return [
        `No file of this project to fix for ${failing.label}: the failure names none and no route of the code serves ${failing.method} ${failing.path}.`,
        before,
        "Pass the server's stack trace as error, or find the code with find_handler or search_code.",
      ].join('\n');
    case 'file-changed':
      return `${result.target} changed on disk while the change was asked about: nothing was written. Call auto_fix again to propose a change to the file as it is now.`;
    case 'declined': {
      if (unapplied) return describeUnapplied(unapplied, failing, before);
      const declined = attempts.at(-1)!;
      const undone = attempts.length > 1 ? ' Earlier changes were undone as they did not help.' : '';
      return `The user declined the change to ${declined.path} (attempt ${declined.attempt} of ${maxAttempts}). Nothing was changed.${undone} Do not propose the same change again unless the user asks; ask what they want instead.`;
    }
    case 'fixed': {
      const kept = attempts.at(-1)!;
      const { added, removed } = await countChanges(kept.before!, kept.after!);
      return [
        `Fixed: ${failing.label} passes after attempt ${kept.attempt} of ${maxAttempts} (${describeVerdict(result.last!)}).`,
        `Changed ${kept.path} (+${added} −${removed})${kept.explanation ? `: ${kept.explanation}` : ''}`,
        (await unifiedDiff(kept.path!, kept.before!, kept.after!)).trimEnd(),
        before,
        ...describeAttempts(attempts),
      ].join('\n');
    }
    case 'not-fixed':
      return [
        `Not fixed: ${failing.label} still fails after ${attempts.length} attempt${attempts.length === 1 ? '' : 's'}; every change was undone, so the files are as they were.`,
        before,
        ...describeAttempts(attempts),
        `Next: read ${result.target} around the error, and change it with edit_file, or look at the server's log.`,
      ].join('\n');
  }
}

async function describeUnapplied(change: ProposedChange, failing: CaseUnderFix, before: string): Promise<string> {
  const call = JSON.stringify({ path: change.path, old_string: change.oldString, new_string: change.newString });
  return [
    `Proposed a fix of ${change.path} for ${failing.label}${change.explanation ? `: ${change.explanation}` : ''}`,
    (await unifiedDiff(change.path, change.before, change.after)).trimEnd(),
    before,
    'Not applied: auto_fix cannot ask for approval here. To apply it (the user sees this diff and approves or declines), then send the request again:',
    `ACTION: edit_file(${call})`,
  ].join('\n');
}

function describeAttempts(attempts: readonly FixAttempt[]): string[] {
  return [
    'Attempts:',
    ...attempts.map((attempt) => {
      const what = attempt.path ? `${attempt.path}${attempt.explanation ? ` — ${attempt.explanation}` : ''}` : 'no change';
      switch (attempt.outcome) {
        case 'passed':
          return `${attempt.attempt}. ${what} → passes, kept`;
        case 'still-failing':
          return [
            `${attempt.attempt}. ${what} → still failing (${describeVerdict(attempt.verdict!)}), undone`,
            ...(attempt.verdict?.server?.lines ?? []).map((line) => `   ${line}`),
          ].join('\n');
        case 'declined':
          return `${attempt.attempt}. ${what} → declined, not written`;
        case 'no-proposal':
          return `${attempt.attempt}. no usable change: ${attempt.problem ?? 'the model proposed none'}`;
      }
    }),
  ];
}

function describeVerdict(verdict: CaseVerdict): string {
  const status = verdict.response ? `HTTP ${verdict.response.status}${verdict.response.statusText ? ` ${verdict.response.statusText}` : ''}` : 'no response';
  if (verdict.passed || verdict.failures.length === 0) return status;
  const shown = verdict.failures.slice(0, SHOWN_FAILURES).join('; ');
  return `${status} — ${shown}${verdict.failures.length > SHOWN_FAILURES ? '; …' : ''}`;
}

function describeTrace({ analysis }: AutoFixResult): string {
  const trace = analysis?.trace;
  if (!trace) return '';
  const top = analysis.projectFrames[0];
  return `; ${describeError(trace.errorType, trace.message) ?? 'an error'}${top ? ` at ${top.path}:${top.frame.line}` : ''}`;
}
