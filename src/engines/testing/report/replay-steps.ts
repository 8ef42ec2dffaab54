import type { CaseResult, TestRun } from '../test-run.js';

/** Enough for any chain with the requests its references came from; past it a reproduction would not be read anyway. */
const MAX_STEPS = 30;

/**
 * The requests that replay a failed case on a server that never saw this run, in order, the case
 * last: before a chain step the steps of its chain before it, and before any request the one
 * whose answer gave a reference it sent (ids from a create or a list, references/), each with what
 * it needs in turn. A request is listed once.
 */
export function replaySteps(run: TestRun, result: CaseResult): CaseResult[] {
  const order: CaseResult[] = [];
  const seen = new Set<CaseResult>();
  const visit = (step: CaseResult) => {
    if (seen.has(step) || seen.size >= MAX_STEPS) return;
    seen.add(step);
    for (const earlier of earlierChainSteps(run, step)) visit(earlier);
    for (const source of referenceSources(run, step)) visit(source);
    order.push(step);
  };
  visit(result);
  return order;
}

/**
 * The steps of the result's chain before it, in step order, one per step: when merged reports hold
 * the same chain twice, the one nearest before the result.
 */
export function earlierChainSteps(run: TestRun, result: CaseResult): CaseResult[] {
  const chain = result.case.chain;
  if (!chain || chain.step <= 1) return [];
  const position = run.results.indexOf(result);
  const byStep = new Map<number, { result: CaseResult; index: number }>();
  run.results.forEach((other, index) => {
    const step = other.case.chain?.step;
    if (other === result || other.case.chain?.id !== chain.id || step === undefined || step >= chain.step || !other.request) return;
    const kept = byStep.get(step);
    const nearer = kept === undefined || (index < position && (kept.index > position || index > kept.index));
    if (nearer) byStep.set(step, { result: other, index });
  });
  return [...byStep].sort(([a], [b]) => a - b).map(([, entry]) => entry.result);
}

/** The results whose answers gave the references the step sent: a 2xx of that case, the nearest before it when there are several. */
export function referenceSources(run: TestRun, step: CaseResult): CaseResult[] {
  const position = run.results.indexOf(step);
  return (step.references ?? []).flatMap((reference) => {
    if (!('case' in reference.from)) return [];
    const caseId = reference.from.case;
    const candidates = run.results
      .map((other, index) => ({ other, index }))
      .filter(({ other }) => other !== step && other.case.id === caseId && other.request && other.response && other.response.status < 300);
    const before = candidates.filter(({ index }) => index < position);
    const chosen = before.at(-1) ?? candidates[0];
    return chosen ? [chosen.other] : [];
  });
}
