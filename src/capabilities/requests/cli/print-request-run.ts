import type { Paint } from '../../../config/paint.js';
import type { SavedRequestRun } from '../../../engines/requests/run-saved-request.js';
import { terminalSafeJson, terminalSafeText } from '../../../safety/terminal-text.js';
import { describeAssertion, summarizeAssertions } from '../tools/describe-request-run.js';
import { maskHeaderValue } from '../../../safety/mask-headers.js';
import { maskText } from '../../../safety/mask-text.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';

/**
 * A saved request's run as a person reads it in a terminal: the request, the status line with the
 * time, every response header, the body (JSON pretty-printed), then each assertion. All masked,
 * and what the server sent shown terminal-safe.
 */
export function formatRequestRun(run: SavedRequestRun, paint: Paint, secrets?: SecretRegistry): string {
  const { response } = run;
  const shown = (text: string) => terminalSafeText(maskText(text, { secrets }));
  const ok = response.status >= 200 && response.status < 300;
  const timing = response.timing;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    paint('dim', shown(`${response.request.method} ${response.request.url}`)),
    paint(ok ? 'green' : 'red', terminalSafeText(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`)) +
      ` · ${response.durationMs} ms · ${response.sizeBytes} B`,
    paint('dim', `dns ${ms(timing.dnsMs)} · connect ${ms(timing.connectMs)} · tls ${ms(timing.tlsMs)} · first byte ${ms(timing.firstByteMs)}`),
    ...Object.entries(response.headers).flatMap(([name, values]) =>
      ([] as string[])
        .concat(values)
        .map((value) => `${paint('bold', terminalSafeText(name))}: ${terminalSafeText(maskHeaderValue(name, value, { secrets }))}`),
    ),
    '',
    formatBody(run, shown),
  ];
  if (run.assertions.length > 0) {
    lines.push('', paint('bold', `Assertions: ${summarizeAssertions(run.assertions)}`));
    lines.push(...run.assertions.map((result) => `  ${paint(result.passed ? 'green' : 'red', shown(describeAssertion(result)))}`));
  }
  return `${lines.join('\n')}\n`;
}

function formatBody(run: SavedRequestRun, shown: (text: string) => string): string {
  const { response } = run;
  if (response.sizeBytes === 0) return '(empty body)';
  if (response.binary) return `(binary body, ${response.sizeBytes} B — not shown)`;
  let text = response.body;
  try {
    if (/json/i.test(String(response.headers['content-type'] ?? '')) || /^\s*[[{]/.test(text)) text = terminalSafeJson(JSON.parse(text), 2);
  } catch {
    // Not JSON after all: shown as it came.
  }
  return shown(text) + (response.bodyTruncated ? `\n… (truncated: ${response.sizeBytes} B in total)` : '');
}
