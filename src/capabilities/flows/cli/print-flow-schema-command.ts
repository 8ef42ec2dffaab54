import { readFile } from 'node:fs/promises';
import { flowSchemaFile } from '../../../engines/flow-files/flow-schema-file.js';

/** `falcon flow schema`: the flow format's JSON Schema on stdout, for a project to keep beside its flows (`> .falcon/flow.schema.json`). */
export async function runFlowSchema(): Promise<number> {
  process.stdout.write(await readFile(flowSchemaFile(), 'utf8'));
  return 0;
}
