import type { Paint } from '../../config/paint.js';
import { maskHeaderValue } from '../../engines/http/mask-headers.js';
import type { SavedRequestRun } from '../../engines/requests/run-saved-request.js';
import { describeAssertion, summarizeAssertions } from '../../tools/describe-request-run.js';
import { maskSecrets } from '../../workspace/mask-secrets.js';

/**
 * A saved request's run as a person reads it in a terminal: the request, the status line with the
 * time, every response header, the body (JSON pretty-printed), then each assertion. All masked.
 */
export function formatRequestRun(run: SavedRequestRun, paint: Paint): string {
  const { response } = run;
  const ok = response.status >= 200 && response.status < 300;
  const timing = response.timing;
  const ms = (value: number) => `${Math.round(value)} ms`;
  const lines = [
    paint('dim', maskSecrets(`${response.request.method} ${response.request.url}`)),
    paint(ok ? 'green' : 'red', `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`) +
      ` · ${response.durationMs} ms · ${response.sizeBytes} B`,
    paint('dim', `dns ${ms(timing.dnsMs)} · connect ${ms(timing.connectMs)} · tls ${ms(timing.tlsMs)} · first byte ${ms(timing.firstByteMs)}`),
    ...Object.entries(response.headers).flatMap(([name, values]) =>
      ([] as string[]).concat(values).map((value) => `${paint('bold', name)}: ${maskHeaderValue(name, value)}`),
    ),
    '',
    formatBody(run),
  ];
  if (run.assertions.length > 0) {
    lines.push('', paint('bold', `Assertions: ${summarizeAssertions(run.assertions)}`));
    lines.push(...run.assertions.map((result) => `  ${paint(result.passed ? 'green' : 'red', maskSecrets(describeAssertion(result)))}`));
  }
  return `${lines.join('\n')}\n`;
}

function formatBody(run: SavedRequestRun): string {
  const { response } = run;
  if (response.sizeBytes === 0) return '(empty body)';
  if (response.binary) return `(binary body, ${response.sizeBytes} B — not shown)`;
  let text = response.body;
  try {
    if (/json/i.test(String(response.headers['content-type'] ?? '')) || /^\s*[[{]/.test(text)) text = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON after all: shown as it came.
  }
  return maskSecrets(text) + (response.bodyTruncated ? `\n… (truncated: ${response.sizeBytes} B in total)` : '');
}
