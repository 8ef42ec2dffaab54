import type { FailureAnalysis } from '../../../engines/failures/analyze-failure.js';
import { describeError } from '../../../engines/failures/stack-frame.js';
import type { SpecOperation } from '../../../engines/spec/spec-format.js';
import type { EndpointParameter } from './code-parameters.js';
import type { CodeSignals } from './code-signals.js';
import type { EndpointProbe } from './endpoint-probe.js';

/** A risk the facts show, with the evidence a person checks it by. */
export interface EndpointRisk {
  risk: string;
  evidence: string;
}

export interface RiskFacts {
  method: string;
  /** False when the handler's code was not found: no finding may rest on what the code lacks. */
  codeRead: boolean;
  parameters: readonly EndpointParameter[];
  signals: CodeSignals;
  operation?: SpecOperation;
  probe?: EndpointProbe;
  failure?: FailureAnalysis;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SLOW_MS = 1000;

/** The risks that follow from the facts by rule; a model may read more into them, these hold as stated. */
export function endpointRisks(facts: RiskFacts): EndpointRisk[] {
  const risks: EndpointRisk[] = [];
  const { probe, failure, signals } = facts;
  const status = probe?.response?.status;
  if (status !== undefined && status >= 500) {
    const error = describeError(failure?.trace?.errorType, failure?.trace?.message);
    const where = failure?.projectFrames[0] ? ` at ${failure.projectFrames[0].path}:${failure.projectFrames[0].frame.line}` : '';
    risks.push({ risk: `the probe made it fail (HTTP ${status})`, evidence: error ? `${error}${where}` : `${probe!.method} ${probe!.url} answered ${status}` });
  }
  if (failure?.source === 'response' && (failure.trace?.frames.length ?? 0) > 0) {
    risks.push({
      risk: 'its error responses show a stack trace to any caller',
      evidence: `${failure.trace!.frames.length} frames in the probe's response body`,
    });
  }
  const authRequired = signals.auth.length > 0 || (facts.operation?.security.length ?? 0) > 0;
  if (WRITE_METHODS.has(facts.method) && !authRequired && facts.codeRead && status !== 401 && status !== 403) {
    risks.push({
      risk: 'anyone may call it: no authentication seen for a method that changes data',
      evidence: 'no auth middleware, guard or token check in the route or the handler',
    });
  }
  if (authRequired && status !== undefined && status >= 200 && status < 300) {
    risks.push({
      risk: 'it answered without credentials although it looks protected',
      evidence: `the probe carried no credentials of its own and got ${status}`,
    });
  }
  const inputs = facts.parameters.filter((parameter) => parameter.in !== 'header');
  if (facts.codeRead && inputs.length > 0 && signals.validation.length === 0) {
    risks.push({
      risk: 'its inputs are used without visible validation',
      evidence: `no check of ${inputs.map((parameter) => parameter.name).join(', ')} in the handler`,
    });
  }
  const pathInputs = facts.parameters.filter((parameter) => parameter.in === 'path');
  if (facts.codeRead && pathInputs.length > 0 && signals.notFound.length === 0 && facts.method !== 'POST') {
    risks.push({
      risk: 'an unknown id has no not-found answer',
      evidence: `nothing in the handler answers 404 for ${pathInputs.map((parameter) => `{${parameter.name}}`).join(', ')}`,
    });
  }
  for (const line of signals.rawSql) risks.push({ risk: 'SQL built from strings: injection', evidence: `${line.file}:${line.line}: ${line.text.trim()}` });
  if (probe?.response && probe.response.durationMs > SLOW_MS) {
    risks.push({ risk: 'slow', evidence: `the probe took ${probe.response.durationMs} ms` });
  }
  return risks;
}
