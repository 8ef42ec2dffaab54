import { readIngestedSpec } from './read-ingested-spec.js';

export interface SpecStatus {
  source: string;
  kind: string;
  title: string;
  operationCount: number;
  ingestedAt: string;
}

/** What `.falcon/spec.yaml` holds, or `undefined` when no spec was ingested. */
export async function readSpecStatus(projectRoot: string): Promise<SpecStatus | undefined> {
  const spec = await readIngestedSpec(projectRoot);
  if (!spec) return undefined;
  return { source: spec.source, kind: spec.kind, title: spec.title, operationCount: spec.operations.length, ingestedAt: spec.ingestedAt };
}
