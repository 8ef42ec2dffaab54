import { loadSavedRequest } from '../../../workspace/saved-requests.js';
import type { RequestParts } from '../../../engines/http/prepare-request.js';
import { savedRequestParts } from '../../../engines/requests/saved-request-parts.js';
import type { FlowAssertions, RequestStep } from '../../../engines/flow-files/flow-format.js';

/** What a request step sends and checks, placeholders still in. */
export interface StepTarget {
  /** The step's name, else the saved request's, else `METHOD url`. */
  name: string;
  parts: RequestParts;
  /** The saved request's assertions, then the step's: all are checked, their `{{VAR}}` resolved first. */
  assertions: FlowAssertions[];
  until?: FlowAssertions;
}

/** Loads the saved request a step names, or takes the one written in it; throws SavedRequestError with the reason. */
export async function loadStepTarget(step: RequestStep, projectRoot: string): Promise<StepTarget> {
  const { request } = step;
  const saved = typeof request === 'string' ? await loadSavedRequest(projectRoot, request) : { ...request, method: request.method ?? 'GET', name: '' };
  const parts = savedRequestParts(saved);
  const assertions = [saved.assertions, step.assertions].flatMap((checks) => (checks ? [checks] : []));
  const name = step.name ?? (typeof request === 'string' ? saved.name : `${parts.method} ${parts.url}`);
  return { name, parts, assertions, ...(step.until && { until: step.until }) };
}
