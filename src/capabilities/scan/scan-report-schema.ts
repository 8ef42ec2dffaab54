import { z } from 'zod';
import { RULE_NAMES } from './engine/checks/all-checks.js';
import { SEVERITIES } from './engine/severity.js';

// What the dashboard reads of a scan report's JSON. A file copied in from CI or another version
// may lack a field the page draws: it is refused with the field named, never drawn half. Fields
// the page does not read are let through.

const count = z.number().int().min(0);
const text = z.string();

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
  reproduce: z.array(text).optional(),
  variables: z.array(text).optional(),
});

// Reports written before replays had a legend and scans a residue read as having none.
const replayVariableSchema = z.looseObject({ name: text, meaning: text, set: text.optional() });
const residueSchema = z.looseObject({
  fields: z.array(z.looseObject({ user: text, path: text, field: text, before: text.optional(), now: text.optional(), why: text })),
  created: z.array(z.looseObject({ user: text, create: text, location: text.optional(), why: text })),
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
  variables: z.array(replayVariableSchema).default([]),
  residue: residueSchema.default({ fields: [], created: [] }),
});
