import { falconPath } from '../../workspace/falcon-dir.js';
import { replaceFile } from '../../safety/atomic-write.js';
import { refuseLinkedFolder } from '../../safety/linked-folder.js';
import { convertSpecToStore } from './convert-spec.js';
import { SPEC_FILE } from './read-ingested-spec.js';
import { inlineSharedSchemas } from './shared-schemas.js';
import type { FalconSpec } from './spec-format.js';
import { summarizeSpec } from './summarize-spec.js';

export interface IngestSpecOptions {
  projectRoot: string;
  signal: AbortSignal;
  /** Told when reading the spec will take a while. */
  onProgress?(message: string): void;
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
  const stored = await convertSpecToStore(source, options.projectRoot, options.signal, options.onProgress);
  const header = `# Falcon's copy of ${stored.source.replace(/[\r\n]+/g, ' ')}, made by \`falcon spec ingest\`; the format is described in src/engines/spec/spec-format.ts.\n`;
  // JSON is YAML: written as JSON because it is many times faster to write and to read back (see spec-format.ts).
  refuseLinkedFolder(options.projectRoot, falconPath(options.projectRoot, SPEC_FILE));
  await replaceFile(falconPath(options.projectRoot, SPEC_FILE), `${header}${JSON.stringify(stored, null, 2)}\n`);
  const spec = inlineSharedSchemas(stored, `.falcon/${SPEC_FILE}`);
  return { spec, written: `.falcon/${SPEC_FILE}`, summary: summarizeSpec(spec) };
}
