import { jsString } from '../../../../engines/perf/k6/js-source.js';
import { k6JsonPath } from './k6-json-path.js';

/** A step's `extract` as statements setting `vars.NAME` from `response`, and what the script cannot read. */
export function k6Extraction(extract: Record<string, string>): { lines: string[]; notes: string[] } {
  const lines: string[] = [];
  const notes: string[] = [];
  for (const [name, spec] of Object.entries(extract)) {
    const read = readerOf(spec);
    if (read) lines.push(`vars[${jsString(name)}] = ${read};`);
    else notes.push(`not carried over: extracting ${name} from ${spec} (only simple $.a.b[0] paths, header: and regex:)`);
  }
  return { lines, notes };
}

function readerOf(spec: string): string | undefined {
  if (spec.startsWith('header:')) return `response.headers[${jsString(canonicalHeader(spec.slice('header:'.length).trim()))}]`;
  if (spec.startsWith('regex:')) return `firstMatch(${jsString(spec.slice('regex:'.length))}, response.body)`;
  const path = k6JsonPath(spec);
  return path === undefined ? undefined : `response.json(${jsString(path)})`;
}

/** k6 gives response headers under Go's canonical names (`content-type` → `Content-Type`). */
function canonicalHeader(name: string): string {
  return name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}
