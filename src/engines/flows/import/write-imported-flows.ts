import path from 'node:path';
import { stringify } from 'yaml';
import { writeNewFile } from '../../../safety/atomic-write.js';
import { slugOf } from '../../testing/generate/case-ids.js';
import { parseFlow } from '../parse-flow.js';
import type { ImportedFlow } from './postman-to-flows.js';

/**
 * Writes each flow as `<folder>/<slug>.yaml` — `<slug>-2.yaml`… when that is taken, never over an
 * existing file — its notes as comments on top, once it passes parseFlow. Returns the files written.
 */
export async function writeImportedFlows(flows: ImportedFlow[], folder: string): Promise<string[]> {
  const written: string[] = [];
  for (const { flow, notes } of flows) {
    const comments = notes.map((note) => `# ${note.replace(/[\r\n]+/g, ' ')}\n`).join('');
    const text = `${comments}${stringify(flow, { lineWidth: 0 })}`;
    const slug = slugOf(flow.name ?? 'flow').toLowerCase();
    await parseFlow(text, `${slug}.yaml`);
    for (let suffix = 1; ; suffix += 1) {
      const file = path.join(folder, `${slug}${suffix === 1 ? '' : `-${suffix}`}.yaml`);
      if (await writeNewFile(file, text)) {
        written.push(file);
        break;
      }
    }
  }
  return written;
}
