import { stringify } from 'yaml';
import { falconPath } from '../../workspace/falcon-dir.js';
import { replaceFile } from '../../workspace/replace-file.js';
import { convertSpec } from './convert-spec.js';
import type { FalconSpec } from './spec-format.js';
import { summarizeSpec } from './summarize-spec.js';

export const SPEC_FILE = 'spec.yaml';

export interface IngestSpecOptions {
  projectRoot: string;
  signal: AbortSignal;
}

export interface IngestSpecResult {
  spec: FalconSpec;
  /** Project-relative path of the written file: `.falcon/spec.yaml`. */
  written: string;
  /** Markdown: title, servers, operations by tag, auth. */
  summary: string;
}

/** Converts a spec (see convertSpec) and replaces `.falcon/spec.yaml` with it. Nothing is written when it fails. */
export async function ingestSpec(source: string, options: IngestSpecOptions): Promise<IngestSpecResult> {
  const spec = await convertSpec(source, options.projectRoot, options.signal);
  const header = `# Falcon's copy of ${spec.source}, made by \`falcon spec ingest\`; the format is described in src/engines/spec/spec-format.ts.\n`;
  await replaceFile(falconPath(options.projectRoot, SPEC_FILE), header + stringify(spec, { aliasDuplicateObjects: false, lineWidth: 0 }));
  return { spec, written: `.falcon/${SPEC_FILE}`, summary: summarizeSpec(spec) };
}
