import { z } from 'zod';
import { LATENCY_METRICS } from '../../engines/perf/perf-scenario.js';
import { RULE_NAMES } from '../../engines/security/checks/all-checks.js';
import { SEVERITIES } from '../../engines/security/severity.js';

// What the dashboard reads of the load, scan and flow reports' JSON (the test report has its own
// reader, engines/testing/report/read-json-report.ts). A file copied in from CI or another version
// may lack a field a page draws: it is refused with the field named, never drawn half. Fields the
// pages do not read are let through.

const figure = z.number().finite();
const count = z.number().int().min(0);
const text = z.string();

export const perfReportSchema = z.looseObject({
  target: text,
  model: z.enum(['closed', 'open']),
  duration_s: figure,
  requests: z.looseObject({
    total: count,
    ok: count,
    failed: count,
    by_status: z.record(text, count),
    late: count.default(0),
    errors: z.looseObject({ timeout: count, refused: count, reset: count, other: count }),
  }),
  rps: figure,
  latency_ms: z.looseObject(Object.fromEntries(LATENCY_METRICS.map((metric) => [metric, figure])) as Record<(typeof LATENCY_METRICS)[number], typeof figure>),
  thresholds: z.array(z.looseObject({ expr: text, ok: z.boolean(), actual: figure })),
  timeline: z.array(z.looseObject({ t: figure, rps: figure, p95: figure, errors: count })),
  bytes: z.looseObject({ sent: count, received: count }),
  histogram: z.array(z.looseObject({ le_ms: figure, count })),
  load: z.looseObject({ connections: count, rate: figure.optional(), stages: text.optional(), workers: count }),
  interrupted: z.boolean().optional(),
});

const scanFindingSchema = z.looseObject({
  rule: z.enum(RULE_NAMES),
  owasp: text,
  cwe: text,
  severity: z.enum(SEVERITIES),
  method: text,
  path: text,
  title: text,
  evidence: z.looseObject({ request: text, response: text }),
  remediation: text,
  curl: text,
});

export const scanReportSchema = z.looseObject({
  findings: z.array(scanFindingSchema),
  target: text,
  spec: text,
  identities: z.array(text),
  checks: z.array(z.enum(RULE_NAMES)),
  notes: z.array(text),
  requests: count,
  interrupted: z.boolean().optional(),
});

const recordedRequestSchema = z.looseObject({ method: text, url: text, headers: z.record(text, text), body: text.optional() });
const headersSchema = z.record(text, z.union([text, z.array(text)]));

export const flowReportSchema = z.looseObject({
  name: text,
  file: text.optional(),
  passed: z.boolean(),
  durationMs: figure,
  startedAt: text,
  steps: z.array(
    z.looseObject({
      index: count,
      name: text,
      kind: z.enum(['request', 'wait']),
      row: z.looseObject({ index: count, values: z.record(text, text) }).optional(),
      outcome: z.enum(['passed', 'failed', 'skipped']),
      reason: text.optional(),
      status: count.optional(),
      durationMs: figure,
      attempts: count.optional(),
      request: recordedRequestSchema.optional(),
      response: z.looseObject({ status: count, headers: headersSchema, body: text }).optional(),
      failures: z.array(z.looseObject({ check: text, expected: text, actual: text })),
      extracted: z.array(text),
      curl: text.optional(),
    }),
  ),
});

/** The first problem zod found, as a person reads it: `timeline[3].rps: expected number, received string`. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not have the expected shape';
  const where = issue.path.reduce<string>((shown, key) => (typeof key === 'number' ? `${shown}[${key}]` : shown ? `${shown}.${String(key)}` : String(key)), '');
  return where ? `"${where}": ${issue.message}` : issue.message;
}
