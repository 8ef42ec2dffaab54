import type { RecordedRequest } from '../../../../engines/testing/test-run.js';
import { jsonBody } from '../scan-exchange.js';
import type { ReplayStep } from './replay-step.js';

/** A key that names an object's identifier: `id`, `orderId`, `order_id`, `uuid`. */
const ID_KEY = /^(id|uuid|guid)$|[a-z\d](Id|ID|_id|Uuid|_uuid)$/;

/** An id a step's create answered: later steps that send it read it from that answer at replay time. */
export interface CreatedId {
  /** The step that created it. */
  step: number;
  value: string | number;
  /** Where jq finds it in the answer: `.id`, `.data.id`. */
  filter: string;
  variable: string;
}

/** The ids each POST answered 2xx with (top level, or one level down as in `{data: {id}}`), named after what was created: `ORDER_ID`. */
export function createdIds(steps: readonly ReplayStep[]): CreatedId[] {
  const taken = new Set<string>();
  return steps.flatMap((step, index) => {
    if (step.kind !== 'send' || step.exchange.request.method !== 'POST') return [];
    const { response, request } = step.exchange;
    if (response.status < 200 || response.status > 299) return [];
    const body = jsonBody(response);
    const found = idsIn(body, '');
    const noun = singular(
      new URL(request.url).pathname
        .split('/')
        .filter((segment) => segment && !/^v\d+$/.test(segment))
        .pop() ?? 'object',
    );
    return found.map(({ key, value, filter }) => ({ step: index, value, filter, variable: uniqueName(key === 'id' ? `${noun}_id` : key, taken) }));
  });
}

function idsIn(body: unknown, prefix: string): Array<{ key: string; value: string | number; filter: string }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([key, value]) => {
    const filter = `${prefix}.${/^[A-Za-z_]\w*$/.test(key) ? key : `[${JSON.stringify(key)}]`}`;
    if ((typeof value === 'number' || (typeof value === 'string' && value !== '')) && ID_KEY.test(key)) return [{ key, value, filter }];
    return prefix === '' && value && typeof value === 'object' ? idsIn(value, filter) : [];
  });
}

/**
 * Each later request with a created id in its path (a whole segment) or in a body field named like
 * an id holds `{{VARIABLE}}` in its place; the steps that created them capture them.
 */
export function linkCreatedIds(
  requests: ReadonlyArray<RecordedRequest | undefined>,
  created: readonly CreatedId[],
): { requests: Array<RecordedRequest | undefined>; chain: Map<string, string>; captures: Map<number, CreatedId[]> } {
  const chain = new Map<string, string>();
  const captures = new Map<number, CreatedId[]>();
  const linked = requests.map((request, index) => {
    if (!request) return request;
    let current = request;
    for (const id of created.filter((candidate) => candidate.step < index)) {
      const next = withId(current, id);
      if (next === current) continue;
      current = next;
      chain.set(id.variable, id.variable);
      const listed = captures.get(id.step) ?? [];
      if (!listed.includes(id)) captures.set(id.step, [...listed, id]);
    }
    return current;
  });
  return { requests: linked, chain, captures };
}

function withId(request: RecordedRequest, id: CreatedId): RecordedRequest {
  const text = String(id.value);
  const marker = `{{${id.variable}}}`;
  const url = new URL(request.url);
  const path = url.pathname
    .split('/')
    .map((segment) => (segment === encodeURIComponent(text) ? marker : segment))
    .join('/');
  const value = typeof id.value === 'number' ? text : JSON.stringify(text);
  const field = new RegExp(`("(?:id|uuid|guid|[A-Za-z\\d_]*(?:Id|ID|_id|Uuid|_uuid))"\\s*:\\s*)${escapeRegExp(value)}(?=\\s*[,}\\]])`, 'g');
  const body = request.body?.replace(field, (_whole, key: string) => `${key}${typeof id.value === 'number' ? marker : `"${marker}"`}`);
  if (path === url.pathname && body === request.body) return request;
  return { ...request, url: `${url.origin}${path}${url.search}`, ...(body !== undefined && { body }) };
}

function singular(word: string): string {
  return word.replace(/ies$/i, 'y').replace(/([^s])s$/i, '$1');
}

function uniqueName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'ID';
  let variable = /^\d/.test(base) ? `_${base}` : base;
  for (let counter = 2; taken.has(variable); counter += 1) variable = `${base}_${counter}`;
  taken.add(variable);
  return variable;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
