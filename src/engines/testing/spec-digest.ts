import { createHash } from 'node:crypto';
import type { FalconSpec } from '../spec/spec-format.js';

/**
 * What the spec says, as 16 hex digits: the same document gives the same digest wherever it was
 * read from and whenever it was ingested, so reports of the parts of one split run can be told
 * from reports of another API (or another version of it).
 */
export function specDigest(spec: FalconSpec): string {
  const content: Partial<FalconSpec> = { ...spec };
  delete content.source;
  delete content.ingestedAt;
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}
