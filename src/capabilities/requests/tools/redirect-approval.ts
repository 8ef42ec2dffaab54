// A redirect chooses where the next request goes: each hop is judged as a request of its own (issue
// 28, findings 5 and 7) — deny rules on every hop, and a hop to another origin asked about as a
// request sent there directly would be.
import type { RedirectStep } from '../../../engines/http/send-request.js';
import { MASKED_MARKER } from '../../../safety/masked-marker.js';
import { maskText } from '../../../safety/mask-text.js';
import type { Preview } from '../../../kit/tool/preview.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import { otherOriginPreview } from '../../../kit/tool-support/request-origin.js';

/** Undefined to follow the redirect; else why it is not followed. */
export async function redirectRefusal(step: RedirectStep, ctx: ToolContext): Promise<string | undefined> {
  const preview = step.request.url.origin === step.from.origin ? undefined : await redirectPreview(step, ctx);
  if (ctx.allowStep) return ctx.allowStep('http_request', { method: step.request.method, url: step.request.url.href }, preview);
  if (!preview) return undefined;
  return `it leads to ${step.request.url.origin}, and a request there needs the user's approval, which cannot be asked for here`;
}

async function redirectPreview(step: RedirectStep, ctx: ToolContext): Promise<Preview | undefined> {
  const { request } = step;
  const url = request.url.href;
  const body = request.body?.toString() ?? '';
  const asked = await otherOriginPreview({ what: request.method, url, carries: { url, headers: request.headers, body } }, ctx);
  if (asked?.kind !== 'info') return asked;
  const secrets = registeredSecrets([url, ...Object.values(request.headers), body], ctx);
  const shown = maskText(url, { secrets: ctx.secrets });
  return {
    ...asked,
    title: `follow the ${step.status} redirect from ${step.from.origin} to ${request.url.origin}`,
    details: [
      `${step.from.origin} answered ${step.status}, sending ${request.method} ${shown} on.`,
      ...(secrets.length > 0 ? [`The redirect carries secrets Falcon holds: ${secrets.join(', ')}.`] : []),
      asked.details,
    ].join('\n'),
  };
}

/** The names of the session's secrets found in these texts, by value. */
function registeredSecrets(texts: readonly string[], ctx: ToolContext): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    for (const marker of ctx.secrets.maskValues(text).matchAll(MASKED_MARKER)) names.add(marker[1] ?? 'a secret');
  }
  return [...names];
}
