import path from 'node:path';
import { stringify } from 'yaml';
import { writeNewFile } from '../../../../safety/atomic-write.js';
import { slugOf } from '../../../../engines/testing/generate/case-ids.js';
import type { Flow } from '../../../../engines/flow-files/flow-format.js';
import { parseFlow } from '../../../../engines/flow-files/parse-flow.js';
import type { ImportedFlow } from './postman-to-flows.js';

/** A flow written: its file, and the name it runs and reports under. */
export interface WrittenFlow {
  file: string;
  name: string;
  /** The name it was imported with, when another flow's file had it and the flow took its file's name. */
  renamedFrom?: string;
}

/**
 * Writes each flow as `<folder>/<slug>.yaml` — `<slug>-2.yaml`… when that is taken, never over an
 * existing file, the flow then named after its file (`users-2`), so that two flows never share a
 * name — its notes as comments on top, once it passes parseFlow.
 */
export async function writeImportedFlows(flows: ImportedFlow[], folder: string): Promise<WrittenFlow[]> {
  const written: WrittenFlow[] = [];
  for (const { flow, notes } of flows) {
    const comments = notes.map((note) => `# ${note.replace(/[\r\n]+/g, ' ')}\n`).join('');
    const slug = slugOf(flow.name ?? 'flow').toLowerCase();
    const textOf = (named: Flow) => `${comments}${stringify(named, { lineWidth: 0 })}`;
    await parseFlow(textOf(flow), `${slug}.yaml`);
    for (let suffix = 1; ; suffix += 1) {
      const stem = suffix === 1 ? slug : `${slug}-${suffix}`;
      const named = suffix === 1 ? flow : renamed(flow, stem);
      const file = path.join(folder, `${stem}.yaml`);
      if (await writeNewFile(file, textOf(named))) {
        const name = named.name ?? stem;
        written.push({ file, name, ...(suffix > 1 && flow.name !== undefined && { renamedFrom: flow.name }) });
        break;
      }
    }
  }
  return written;
}

/** The flow under a new name, which stays its first key. */
function renamed(flow: Flow, name: string): Flow {
  const { name: _imported, ...rest } = flow;
  return { name, ...rest };
}
