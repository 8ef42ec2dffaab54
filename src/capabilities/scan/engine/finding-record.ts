import { maskResponseSecrets } from '../../../safety/mask-response-secrets.js';
import { maskStructured } from '../../../safety/mask-structured.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { Finding } from './finding.js';
import type { FindingDraft } from './scan-context.js';
import { reproduction } from './replay/replay-script.js';
import { type ReplayStep, sendStep } from './replay/replay-step.js';
import type { ScanExchange } from './scan-exchange.js';
import type { SecurityRule } from './security-check.js';
import { severityRank } from './severity.js';

const BODY_EXCERPT_CHARS = 600;
/** Response headers that matter as evidence; the rest is noise in a report. */
const EVIDENCE_HEADERS =
  /^(content-type|location|set-cookie|www-authenticate|access-control-[\w-]+|x-powered-by|server|retry-after|strict-transport-security|x-content-type-options)$/;

/** The finding a check's draft becomes: its rule's name, ids and advice, the exchange in excerpts, masked. */
export function findingOf(name: string, rule: SecurityRule, draft: FindingDraft, secrets: SecretRegistry): Finding {
  const steps = replayStepsOf(draft);
  const proving = steps.findIndex((step) => step.kind !== 'shell' && step.exchange === draft.exchange);
  const { curl, script, variables } = reproduction(steps, proving >= 0 ? proving : steps.length - 1, secrets);
  const finding = maskStructured(
    {
      rule: name,
      owasp: rule.owasp,
      cwe: rule.cwe,
      severity: draft.severity,
      method: draft.operation.method,
      path: draft.operation.path,
      title: draft.title,
      evidence: evidenceOf(draft),
      remediation: rule.remediation,
    },
    { secrets },
  );
  // The lines are masked already, each request field with its name: shapes again would take `Bearer $FORGED_TOKEN`'s makings for secrets.
  return { ...finding, curl, ...(script && { reproduce: script }), ...(variables.length > 0 && { variables }) };
}

/** The draft's own steps, else its exchange and then its follow-up. */
function replayStepsOf(draft: FindingDraft): ReplayStep[] {
  if (draft.replay) return draft.replay;
  return [
    sendStep('the request that proves it', draft.exchange),
    ...(draft.followUp ? [sendStep('then the second request of the proof', draft.followUp)] : []),
  ];
}

/** A finding and what it exposed (FindingDraft's `exposed`). */
export interface ExposedFinding {
  finding: Finding;
  exposed?: string;
}

/** One finding per rule, method, path and thing exposed: the most severe, the first of equals. */
export function dedupeFindings(entries: readonly ExposedFinding[]): Finding[] {
  const kept = new Map<string, Finding>();
  for (const { finding, exposed } of entries) {
    const key = JSON.stringify([finding.rule, finding.method, finding.path, exposed ?? null]);
    const earlier = kept.get(key);
    if (!earlier || severityRank(finding.severity) > severityRank(earlier.severity)) kept.set(key, finding);
  }
  return [...kept.values()].sort((a, b) => severityRank(b.severity) - severityRank(a.severity));
}

/** The exchange in excerpts; with a follow-up, each side holds both, in order. */
function evidenceOf({ exchange, followUp }: FindingDraft): Finding['evidence'] {
  if (!followUp) return { request: requestExcerpt(exchange), response: responseExcerpt(exchange) };
  return {
    request: `${requestExcerpt(exchange)}\n\n— then —\n${requestExcerpt(followUp)}`,
    response: `${responseExcerpt(exchange)}\n\n— then —\n${responseExcerpt(followUp)}`,
  };
}

function requestExcerpt({ request }: ScanExchange): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  return [`${request.method} ${request.url}`, ...headers, ...(request.body ? ['', excerpt(request.body)] : [])].join('\n');
}

function responseExcerpt({ response }: ScanExchange): string {
  const headers = Object.entries(response.headers)
    .filter(([name]) => EVIDENCE_HEADERS.test(name))
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
  // An API that leaks secrets hands out real ones: mask what looks like a secret before cutting.
  const body = maskResponseSecrets(response.body);
  return [`HTTP ${response.status} (${Math.round(response.durationMs)} ms)`, ...headers, ...(body ? ['', excerpt(body)] : [])].join('\n');
}

function excerpt(text: string): string {
  return text.length > BODY_EXCERPT_CHARS ? `${text.slice(0, BODY_EXCERPT_CHARS)}… (${text.length} characters)` : text;
}
