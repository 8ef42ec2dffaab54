import type { FalconSpec } from './spec-format.js';

/** `Petstore 1.0.0`, or just `Shop` when the source gives no version (Postman). */
export function specLabel(spec: Pick<FalconSpec, 'title' | 'version'>): string {
  return spec.version ? `${spec.title} ${spec.version}` : spec.title;
}
