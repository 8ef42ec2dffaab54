import type { AnyReportFace, ReportContent } from '../../kit/report-face.js';
import { UnreadableReportError } from '../../kit/read-report.js';

/**
 * Which report `text` holds, told by its fields by the first face (in their order) that recognises
 * them, and checked whole by that face. Anything else throws an UnreadableReportError.
 */
export async function parseReport(text: string, fileName: string, faces: readonly AnyReportFace[]): Promise<ReportContent> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UnreadableReportError(`not JSON (${(error as Error).message.replace(/\s+/g, ' ').trim()})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UnreadableReportError('not a JSON object, so no Falcon report');
  const face = faces.find((candidate) => candidate.recognise(value as Record<string, unknown>));
  if (!face) throw new UnreadableReportError(`JSON of no report Falcon writes (${kindsNamed(faces)})`);
  return { kind: face.kind, ...(await face.read(value, text, fileName)) };
}

/** `a test, load, scan or flow report`. */
function kindsNamed(faces: readonly AnyReportFace[]): string {
  const nouns = faces.map((face) => face.noun);
  const last = nouns.pop();
  return `a ${nouns.length > 0 ? `${nouns.join(', ')} or ${last}` : last} report`;
}
