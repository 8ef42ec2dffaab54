import { describeError } from '../../../engines/failures/stack-frame.js';
import type { RouteDeclaration } from '../../../engines/routes/route.js';
import type { EndpointAnalysis } from './analyze-endpoint.js';
import type { CodeLine } from './code-line.js';
import type { EndpointParameter } from './code-parameters.js';
import type { EndpointProbe } from './endpoint-probe.js';

const BODY_SHOWN = 300;
const EVIDENCE_SHOWN = 3;

/**
 * The analysis as plain text, facts first: what the observation shows and what a model reads
 * (the caller masks secrets before either).
 */
export function describeEndpoint(analysis: EndpointAnalysis): string {
  const { routes, handler, operation } = analysis;
  const asked = `${routes.method} ${routes.path}`;
  const lines: string[] = [];
  if (handler) {
    const { route, code } = handler;
    lines.push(`${asked} → route ${route.method} ${route.path}${routes.matches.length > 1 ? ` (best of ${routes.matches.length} matching routes)` : ''}`);
    if (code) {
      lines.push(`Handler: ${code.file}:${code.line} (${route.handler.label})`);
      if (code.file !== route.file || code.line !== route.line) lines.push(`Route declared at ${route.file}:${route.line}`);
      const width = String(code.line + code.lines.length - 1).length;
      lines.push(...code.lines.map((text, index) => `${String(code.line + index).padStart(width)}  ${text}`));
      if (code.moreLines > 0) lines.push(`… ${code.moreLines} more lines in ${code.file}`);
    } else {
      lines.push(`Route declared at ${route.file}:${route.line}; the code of its handler ${route.handler.label} was not found in the project.`);
    }
  } else {
    lines.push(`${asked}: no route in the project's code serves it (${routes.routeCount} routes read).`, ...closestRoutes(analysis));
  }
  if (operation) lines.push(`Spec operation: ${operation.id} (${operation.method} ${operation.path})${operation.summary ? ` — ${operation.summary}` : ''}`);
  lines.push(`Parameters: ${analysis.parameters.length > 0 ? analysis.parameters.map(describeParameter).join('; ') : 'none seen'}`);
  const security = operation?.security.flatMap((requirement) => Object.keys(requirement)) ?? [];
  lines.push(
    `Auth: ${[...evidence(analysis.signals.auth), ...(security.length > 0 ? [`the spec requires ${security.join(' or ')}`] : [])].join('; ') || 'none seen in the route or the handler'}`,
  );
  lines.push(`Validation: ${evidence(analysis.signals.validation).join('; ') || 'none seen in the handler'}`);
  lines.push(...describeProbe(analysis));
  lines.push(analysis.risks.length > 0 ? 'Risks:' : 'Risks: none found by rule.', ...analysis.risks.map(({ risk, evidence: why }) => `- ${risk}: ${why}`));
  return lines.join('\n');
}

/** The probe in a line or three: the request, its answer, the error it shows. */
export function describeProbe({ probe, failure }: Pick<EndpointAnalysis, 'probe' | 'failure'>): string[] {
  if (!probe) return ['Probe: none sent.'];
  const request = `${probe.method} ${probe.url}${probe.bodyNote ? ` (${probe.bodyNote})` : ''}`;
  if (!probe.response) return [`Probe: ${request} → no response: ${probe.error ?? 'unknown error'}`];
  const lines = [`Probe: ${request} → ${describeAnswer(probe)}`];
  if (failure?.trace) {
    const top = failure.projectFrames[0];
    const error = describeError(failure.trace.errorType, failure.trace.message) ?? 'an error';
    lines.push(`  error: ${error}${top ? ` at ${top.path}:${top.frame.line}` : ''}${failure.likelyCause ? `; likely cause: ${failure.likelyCause}` : ''}`);
  } else if (probe.response.body) {
    lines.push(`  body: ${excerpt(probe.response.body)}`);
  }
  return lines;
}

function describeAnswer({ response }: EndpointProbe): string {
  const { status, statusText, headers, durationMs, sizeBytes } = response!;
  const type = headers['content-type'];
  return `HTTP ${status}${statusText ? ` ${statusText}` : ''} in ${durationMs} ms${type ? `, ${String(type).split(';')[0]}` : ''}, ${sizeBytes} bytes`;
}

function describeParameter(parameter: EndpointParameter): string {
  const traits = [parameter.in, ...(parameter.type ? [parameter.type] : []), ...(parameter.required ? ['required'] : [])];
  return `${parameter.name} (${traits.join(', ')}; ${parameter.seenIn})`;
}

function evidence(lines: readonly CodeLine[]): string[] {
  const shown = lines.slice(0, EVIDENCE_SHOWN).map((line) => `${line.file}:${line.line}: ${line.text.trim()}`);
  return lines.length > EVIDENCE_SHOWN ? [...shown, `${lines.length - EVIDENCE_SHOWN} more lines`] : shown;
}

function closestRoutes({ routes }: EndpointAnalysis): string[] {
  const { otherMethods, underPrefix, similar } = routes.closest;
  const describe = (route: RouteDeclaration) => `  ${route.method} ${route.path} — ${route.file}:${route.line}`;
  return [
    ...(underPrefix.length > 0 ? ['Served under a prefix:', ...underPrefix.map(describe)] : []),
    ...(otherMethods.length > 0 ? ['The path is served for other methods:', ...otherMethods.map(describe)] : []),
    ...(similar.length > 0 ? ['Closest routes:', ...similar.map(describe)] : []),
  ];
}

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_SHOWN ? `${flat.slice(0, BODY_SHOWN)}… (${body.length} characters)` : flat;
}
