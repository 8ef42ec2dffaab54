import type { CapturedRequest } from '../../../engines/webhooks/captured-request.js';
import type { WebhookListener } from '../../../engines/webhooks/webhook-listener.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import { maskText } from '../../../safety/mask-text.js';

const MAX_SHOWN_REQUESTS = 20;
const MAX_SHOWN_BODY_CHARS = 2000;
/** Said by the request line or the transport; they add nothing to what the webhook sent. */
const UNSHOWN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** get_requests' observation: how many, where, then each request (newest last), secrets masked. */
export function describeCapturedRequests(listener: WebhookListener, waitedMs: number): string {
  const { requests } = listener;
  const state = listener.running ? 'listening' : 'stopped';
  const lines: string[] = [];
  if (requests.length === 0) {
    const waited = waitedMs >= 100 ? ` after waiting ${formatDuration(waitedMs)}` : '';
    lines.push(`No requests at ${listener.url} (${state})${waited}. Is the sender pointed at this URL?`);
  } else {
    const total = requests.length + listener.dropped;
    lines.push(`${total} request${total === 1 ? '' : 's'} received at ${listener.url} (${state}):`);
  }
  if (listener.ignored.count > 0) {
    lines.push(`${listener.ignored.count} request(s) went to other paths (last: ${listener.ignored.lastPath}) and were answered 404.`);
  }
  const hidden = listener.dropped + Math.max(0, requests.length - MAX_SHOWN_REQUESTS);
  if (hidden > 0) lines.push(`(${hidden} earlier request${hidden === 1 ? '' : 's'} not shown)`);
  const first = requests.length + listener.dropped - Math.min(requests.length, MAX_SHOWN_REQUESTS) + 1;
  requests.slice(-MAX_SHOWN_REQUESTS).forEach((request, index) => lines.push(describeRequest(request, first + index)));
  return maskText(lines.join('\n'));
}

function describeRequest(request: CapturedRequest, number: number): string {
  const time = request.receivedAt.toISOString().slice(11, 23);
  const head = `#${number} ${time} UTC ${request.method} ${request.path} · ${request.sizeBytes} B`;
  const query = Object.keys(request.query).length > 0 ? [`  query: ${JSON.stringify(request.query)}`] : [];
  const headers = Object.entries(request.headers)
    .filter(([name]) => !UNSHOWN_HEADERS.has(name))
    .map(([name, value]) => `  ${name}: ${value}`);
  return [head, ...query, ...headers, ...(request.sizeBytes > 0 ? [indent(describeBody(request))] : [])].join('\n');
}

function describeBody(request: CapturedRequest): string {
  if (request.body.includes('\0')) return `(binary body, ${request.sizeBytes} B — not shown)`;
  let text = request.body;
  try {
    text = JSON.stringify(JSON.parse(request.body), null, 2);
  } catch {
    // not JSON: shown as it came
  }
  return text.length > MAX_SHOWN_BODY_CHARS ? `${text.slice(0, MAX_SHOWN_BODY_CHARS)}\n… (truncated, ${request.sizeBytes} B in all)` : text;
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}
