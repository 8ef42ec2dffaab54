import path from 'node:path';

export type ReportFormat = 'md' | 'json' | 'junit' | 'html';

export const REPORT_FORMATS: readonly ReportFormat[] = ['md', 'json', 'junit', 'html'];

/** The extension a report of each format is written with. */
export const REPORT_EXTENSIONS: Record<ReportFormat, string> = { md: 'md', json: 'json', junit: 'xml', html: 'html' };

const FORMAT_OF_EXTENSION: Record<string, ReportFormat> = { '.md': 'md', '.json': 'json', '.xml': 'junit', '.html': 'html', '.htm': 'html' };

/** The format a file name asks for by its extension (`.md`, `.json`, `.xml`, `.html`/`.htm`, any case). */
export function reportFormatOfFile(file: string): ReportFormat | undefined {
  return FORMAT_OF_EXTENSION[path.extname(file).toLowerCase()];
}
