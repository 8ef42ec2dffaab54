import type { Finding } from '../finding.js';
import type { ScanResult } from '../run-scan.js';
import type { ReplayVariable } from '../replay/replay-legend.js';
import type { Residue } from '../residue/residue.js';
import { type SeverityTally, tallySeverities } from './findings-by-severity.js';

/** What `--json FILE` writes: the findings first, as the scan made them, then what the scan covered. */
export interface ScanJson {
  findings: Finding[];
  target: string;
  spec: string;
  identities: string[];
  checks: string[];
  notes: string[];
  /** What each variable the reproductions read holds, and how to set it. */
  variables: ReplayVariable[];
  /** What the scan left on the API. */
  residue: Residue;
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
    variables: result.variables,
    residue: result.residue,
    requests: result.requests,
    summary: tallySeverities(result.findings),
    ...(result.interrupted && { interrupted: true }),
  };
}
