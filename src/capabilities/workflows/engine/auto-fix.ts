import { readFile } from 'node:fs/promises';
import { delay } from '../../../delay.js';
import type { ChatModel } from '../../../llm/chat-model.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { isInFalconDir } from '../../../workspace/falcon-records.js';
import { looksBinary } from '../../../engines/code/binary-content.js';
import { detectLineEnding, toLf, withLineEnding } from '../../../engines/code/line-endings.js';
import { type FailureAnalysis, analyzeFailure } from '../../../engines/failures/analyze-failure.js';
import { FixProposalError, proposeFix } from '../../../engines/fixes/propose-fix.js';
import { type FoundHandler, findHandler } from '../../../engines/routes/find-handler.js';
import type { CaseUnderFix, CaseVerdict } from './case-under-fix.js';
import { type EarlierAttempt, describeFixProblem } from './fix-problem.js';
import { fixTarget } from './fix-target.js';

export const DEFAULT_FIX_ATTEMPTS = 3;
export const MAX_FIX_ATTEMPTS = 5;

/** A server that restarts on file changes (nodemon, --watch) refuses connections for a moment. */
const RESTART_WAIT_MS = 250;
const RESTART_WAITS = 20;

/** A change the model proposed, for the user to approve. */
export interface ProposedChange {
  attempt: number;
  /** Project-relative. */
  path: string;
  /** The file's text now and after the change, `\n` line endings. */
  before: string;
  after: string;
  /** The edit as edit_file takes it. */
  oldString: string;
  newString: string;
  explanation?: string;
}

export interface FixAttempt extends Partial<ProposedChange> {
  attempt: number;
  /** `passed`: kept; `still-failing`: undone; `declined`: never written; `no-proposal`: the model's change did not apply. */
  outcome: 'passed' | 'still-failing' | 'declined' | 'no-proposal';
  /** The case after the change. */
  verdict?: CaseVerdict;
  /** Why there was no proposal. */
  problem?: string;
}

export type AutoFixStatus =
  /** It passed before anything was changed. */
  | 'already-passing'
  /** A change made it pass, and was kept. */
  | 'fixed'
  /** The user said no: nothing was changed. */
  | 'declined'
  /** Every attempt failed; each change was undone. */
  | 'not-fixed'
  /** The API did not answer: code changes cannot be judged. */
  | 'unreachable'
  /** No project file to change: no frame in the project, no handler found. */
  | 'no-target'
  /** The file changed on disk while the user was asked: nothing was written. */
  | 'file-changed';

export interface AutoFixResult {
  status: AutoFixStatus;
  /** The case as it first ran. */
  first: CaseVerdict;
  /** The case after the last change, when one was tried. */
  last?: CaseVerdict;
  analysis?: FailureAnalysis;
  handler?: FoundHandler;
  /** The file the fixes went in. */
  target?: string;
  attempts: FixAttempt[];
}

/** A write the API's server is to take: `commit` once it is on disk, `cancel` when it was not written. */
export interface PendingWrite {
  commit(): void;
  cancel(): void;
}

export interface AutoFixInput {
  projectRoot: string;
  failing: CaseUnderFix;
  /** Writes the changes (the fixes engine). */
  model: ChatModel;
  framework?: string;
  configuredFramework?: string;
  /** A stack trace or log excerpt from the server, read before the response body. */
  errorText?: string;
  /** 1 to MAX_FIX_ATTEMPTS; default DEFAULT_FIX_ATTEMPTS. */
  maxAttempts?: number;
  /** Asks the user; true writes the change. */
  approve(change: ProposedChange): Promise<boolean>;
  /**
   * Told before each write of the target (a change, or its undoing), when Falcon runs the API's
   * server: `commit` once written, so that the next run of the case waits for the server to reload.
   */
  beforeWrite?(path: string): Promise<PendingWrite | undefined>;
  /** Masks the session's secrets in what the model reads. */
  mask(text: string): string;
  progress(message: string): void;
  signal: AbortSignal;
}

/**
 * Runs the case; when it fails, reads the failure back to the code, finds the handler, and then,
 * up to `maxAttempts` times: asks the model for a change, asks the user, writes it, runs the case
 * again. A change after which the case passes is kept; any other is undone at once, so that files
 * end as they were unless the case passes.
 */
export async function autoFix(input: AutoFixInput): Promise<AutoFixResult> {
  const { failing, signal, progress } = input;
  const maxAttempts = Math.min(Math.max(input.maxAttempts ?? DEFAULT_FIX_ATTEMPTS, 1), MAX_FIX_ATTEMPTS);
  progress(`running ${failing.label}`);
  const first = await failing.run(signal);
  if (first.passed) return { status: 'already-passing', first, attempts: [] };
  if (first.unreachable) return { status: 'unreachable', first, attempts: [] };
  progress('analysing the failure');
  // The server's own lines for the request, when Falcon runs it: where it broke, as its stack trace says.
  const analysis = await analyzeFailure({
    projectRoot: input.projectRoot,
    errorText: input.errorText ?? first.server?.raw,
    responseBody: first.response?.body,
  });
  progress(`finding the handler of ${failing.method} ${failing.path}`);
  const routes = await findHandler(
    input.projectRoot,
    { method: failing.method, path: failing.path, framework: input.framework, configuredFramework: input.configuredFramework },
    signal,
  );
  const handler = routes.matches[0];
  const target = fixTarget(analysis, handler);
  const facts = { first, analysis, handler, target };
  if (!target) return { status: 'no-target', ...facts, attempts: [] };
  const file = await resolveInsideProject(input.projectRoot, target);
  // The name was checked; a link could still lead into Falcon's own folder.
  if (isInFalconDir(file.relative)) return { status: 'no-target', ...facts, attempts: [] };

  const attempts: FixAttempt[] = [];
  const earlier: EarlierAttempt[] = [];
  let last: CaseVerdict | undefined;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const bytes = await readFile(file.absolute);
    if (looksBinary(bytes)) return { status: 'no-target', ...facts, attempts };
    const original = bytes.toString('utf8');
    const before = toLf(original);
    progress(`attempt ${attempt}/${maxAttempts}: asking ${input.model.model} for a fix of ${target}`);
    const problem = input.mask(describeFixProblem({ failing, verdict: first, analysis, handler, earlier }));
    let proposal;
    try {
      proposal = await proposeFix({ model: input.model, path: target, text: before, problem, signal });
    } catch (error) {
      if (!(error instanceof FixProposalError)) throw error;
      attempts.push({ attempt, outcome: 'no-proposal', problem: error.message });
      continue;
    }
    const { oldString, newString, explanation } = proposal;
    const change: ProposedChange = { attempt, path: target, before, after: proposal.edited.text, oldString, newString, explanation };
    if (!(await input.approve(change))) {
      attempts.push({ ...change, outcome: 'declined' });
      return { status: 'declined', ...facts, last, attempts };
    }
    if (!(await readFile(file.absolute)).equals(bytes)) return { status: 'file-changed', ...facts, last, attempts };
    let kept = false;
    await writeTaken(input, target, file.absolute, withLineEnding(change.after, detectLineEnding(original)));
    try {
      progress(`attempt ${attempt}/${maxAttempts}: running ${failing.label} again`);
      last = await runWhenReachable(failing, signal);
      kept = last.passed;
    } finally {
      if (!kept) await writeTaken(input, target, file.absolute, original);
    }
    attempts.push({ ...change, outcome: kept ? 'passed' : 'still-failing', verdict: last });
    if (kept) return { status: 'fixed', ...facts, last, attempts };
    earlier.push({ explanation, change: `replaced:\n${oldString}\nwith:\n${newString}`, verdict: last });
  }
  return { status: 'not-fixed', ...facts, last, attempts };
}

/** Writes the file, telling the API's server (its reload is waited for by the next request). */
async function writeTaken(input: AutoFixInput, target: string, absolute: string, text: string): Promise<void> {
  const pending = await input.beforeWrite?.(target);
  try {
    await replaceFile(absolute, text);
  } catch (error) {
    pending?.cancel();
    throw error;
  }
  pending?.commit();
}

/** Runs the case, waiting out a server that restarts after the change (refused connections) for a few seconds. */
async function runWhenReachable(failing: CaseUnderFix, signal: AbortSignal): Promise<CaseVerdict> {
  let verdict = await failing.run(signal);
  for (let wait = 0; verdict.unreachable && wait < RESTART_WAITS; wait++) {
    await delay(RESTART_WAIT_MS, signal);
    verdict = await failing.run(signal);
  }
  return verdict;
}
