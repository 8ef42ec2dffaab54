import { asObject } from '../../../../../engines/spec/json-values.js';
import { MASK } from '../../../../../safety/masked-marker.js';
import { maskResponseSecrets } from '../../../../../safety/mask-response-secrets.js';
import { jsonBody, type ScanResponse } from '../../scan-exchange.js';

/** What an answer hands out that nobody without credentials should get. */
export type Exposure = 'secrets' | 'records';

/** Fields a record has at least: `{"id": 1}` alone is a reference, not someone's data. */
const RECORD_FIELDS = 2;

/** Secrets (what maskResponseSecrets masks), else records (a list of objects, at the top or in an envelope), else nothing. */
export function exposureOf(response: ScanResponse): Exposure | undefined {
  if (carriesSecrets(response.body)) return 'secrets';
  const json = jsonBody(response);
  const lists = Array.isArray(json) ? [json] : Object.values(asObject(json) ?? {}).filter(Array.isArray);
  return lists.some((list) => list.some((item) => Object.keys(asObject(item) ?? {}).length >= RECORD_FIELDS)) ? 'records' : undefined;
}

/** The body holds something maskResponseSecrets masks, and held no mask of its own before. */
export function carriesSecrets(body: string): boolean {
  return !body.includes(MASK) && maskResponseSecrets(body).includes(MASK);
}

/** Whether the answer makes the finding high, and what its title then adds. */
export interface ExposureVerdict {
  high: boolean;
  /** `, with secrets in it`; empty when not high. */
  words: string;
}

/**
 * High when the answer hands out secrets, whoever got it, or records to a caller with no
 * credentials (unless `recordsCount` is false: the same records are public where the spec documents them).
 */
export function exposureVerdict(response: ScanResponse, anonymous: boolean, recordsCount = true): ExposureVerdict {
  const exposure = exposureOf(response);
  if (exposure === 'secrets') return { high: true, words: ', with secrets in it' };
  if (exposure === 'records' && anonymous && recordsCount) return { high: true, words: ', with records in it, to a caller with no credentials' };
  return { high: false, words: '' };
}
