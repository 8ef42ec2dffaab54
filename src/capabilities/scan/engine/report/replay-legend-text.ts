import type { Finding } from '../finding.js';
import type { ReplayVariable } from '../replay/replay-legend.js';

export const LEGEND_INTRO = 'Set these in the shell that runs the lines above (the set lines log in on the scanned API; run the passwords first):';
export const NO_RESIDUE = 'Nothing: every field the scan changed on the users’ objects was set back, and it created nothing it did not delete.';

/** What a reader runs to see the finding: its script, else its curl line. */
export function reproductionText(finding: Finding): string {
  return finding.reproduce ? finding.reproduce.join('\n') : finding.curl;
}

/** `$TOKEN_OF_ALICE: alice's bearer token — …`: one line per variable. */
export function legendLine(variable: ReplayVariable): string {
  return `$${variable.name}: ${variable.meaning}`;
}
