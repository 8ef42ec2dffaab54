import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { FlowValidationError } from '../../../engines/flow-files/flow-problems.js';
import { FlowImportError, postmanToFlows, type ImportedFlow } from '../engine/import/postman-to-flows.js';
import { savedRequestsFlow } from '../engine/import/saved-requests-flow.js';
import { writeImportedFlows } from '../engine/import/write-imported-flows.js';
import { asObject } from '../../../engines/spec/json-values.js';
import { falconPath } from '../../../workspace/falcon-dir.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';

export interface FlowImportFlags {
  out?: string;
  fromRequests?: boolean;
}

/** `falcon flow import [FILE] [--out DIR] [--from-requests]`: 0 and each file written, 2 for a file that is not a collection. */
export async function runFlowImport(file: string | undefined, flags: FlowImportFlags): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  try {
    const all = file === undefined || flags.fromRequests ? [await savedRequestsFlow(projectRoot)] : await collectionFlows(path.resolve(file));
    const flows = all.filter(({ flow }) => flow.steps.length > 0);
    if (flows.length === 0) {
      process.stderr.write('falcon: nothing to import (no requests found)\n');
      return 2;
    }
    const folder = flags.out === undefined ? falconPath(projectRoot, 'flows') : path.resolve(flags.out);
    const written = await writeImportedFlows(flows, folder);
    for (const [index, { flow, notes }] of flows.entries()) {
      const steps = `${flow.steps.length} step${flow.steps.length === 1 ? '' : 's'}`;
      const { file, name, renamedFrom } = written[index]!;
      const renaming = renamedFrom === undefined ? '' : `, named ${name}: a flow file for ${renamedFrom} was there`;
      process.stdout.write(terminalSafeText(`wrote ${path.relative(projectRoot, file)} (${steps})${renaming}\n`));
      for (const note of notes) process.stdout.write(terminalSafeText(`  ${note}\n`));
    }
    return 0;
  } catch (error) {
    if (error instanceof FlowImportError || error instanceof FlowValidationError || error instanceof SyntaxError) {
      process.stderr.write(`falcon: ${terminalSafeText(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}

async function collectionFlows(file: string): Promise<ImportedFlow[]> {
  const text = await readFile(file, 'utf8').catch((error: Error) => {
    throw new FlowImportError(`cannot read ${file}: ${error.message}`);
  });
  const document = asObject(JSON.parse(text) as unknown);
  if (!document) throw new FlowImportError(`${file}: not a Postman collection (v2.0 or v2.1)`);
  return postmanToFlows(document, path.basename(file));
}
