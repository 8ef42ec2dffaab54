import path from 'node:path';

/** `--report F`: the FlowRun as JSON, Markdown, or JUnit XML. */
export type FlowReportFormat = 'md' | 'json' | 'junit';

const FORMAT_OF_EXTENSION: Record<string, FlowReportFormat> = { '.md': 'md', '.json': 'json', '.xml': 'junit' };

/** The format a file name asks for by its extension (`.md`, `.json`, `.xml`, any case). */
export function flowReportFormatOfFile(file: string): FlowReportFormat | undefined {
  return FORMAT_OF_EXTENSION[path.extname(file).toLowerCase()];
}
