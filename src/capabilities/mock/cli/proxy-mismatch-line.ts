import { terminalSafeText } from '../../../safety/terminal-text.js';
import type { ProxyMismatch } from '../engine/proxy-report.js';

/** `✗ GET /pets 200 response_schema_conformance: $[0].name: must be string, got 7`. */
export function proxyMismatchLine(mismatch: ProxyMismatch): string {
  const status = mismatch.status === undefined ? '' : ` ${mismatch.status}`;
  return terminalSafeText(`✗ ${mismatch.method} ${mismatch.path}${status} ${mismatch.check}: ${mismatch.message}`);
}
