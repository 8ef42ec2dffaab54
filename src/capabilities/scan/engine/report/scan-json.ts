import type { Finding } from '../finding.js';
import type { ScanResult } from '../run-scan.js';
import { type SeverityTally, tallySeverities } from './findings-by-severity.js';

/** What `--json FILE` writes: the findings first, as the scan made them, then what the scan covered. */
export interface ScanJson {
  findings: Finding[];
  target: string;
  spec: string;
  identities: string[];
  checks: string[];
  notes: string[];
  requests: number;
  summary: SeverityTally;
  interrupted?: true;
}

export function scanJson(result: ScanResult): ScanJson {
  return {
    findings: result.findings,
    target: result.target,
    spec: result.spec,
    identities: result.identities,
    checks: result.checks,
    notes: result.notes,
    requests: result.requests,
    summary: tallySeverities(result.findings),
    ...(result.interrupted && { interrupted: true }),
  };
}
