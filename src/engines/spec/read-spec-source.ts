import { YAMLParseError } from 'yaml';
import { resolveInsideProject } from '../../safety/project-path.js';
import { SpecError } from './spec-error.js';
import { parseSpecYaml, readSpecBody, readSpecFile } from './spec-text.js';

export interface SpecDocument {
  /** What the user gave, as shown in messages and stored: a project-relative path or a URL. */
  source: string;
  /** Absolute path or URL, the base for relative `$ref`s. */
  location: string;
  document: Record<string, unknown>;
}

/**
 * Reads a spec file inside the project or at an http(s) URL and parses it as JSON or YAML, within
 * the bounds of spec-text.ts (size, YAML aliases and nesting, time).
 */
export async function readSpecSource(source: string, projectRoot: string, signal: AbortSignal, onProgress?: (message: string) => void): Promise<SpecDocument> {
  const { text, location, shown } = isUrl(source) ? await download(source, signal) : await readProjectFile(source, projectRoot);
  const document = await parseText(text, shown, signal, onProgress);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new SpecError(`${shown}: not an API description (expected an object at the top level)`);
  }
  return { source: shown, location, document: document as Record<string, unknown> };
}

function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

async function readProjectFile(source: string, projectRoot: string): Promise<{ text: string; location: string; shown: string }> {
  const file = await resolveInsideProject(projectRoot, source).catch((error: Error) => {
    throw new SpecError(`${source}: ${error.message}`);
  });
  const text = await readSpecFile(file.absolute, file.relative);
  return { text, location: file.absolute, shown: file.relative };
}

async function download(url: string, signal: AbortSignal): Promise<{ text: string; location: string; shown: string }> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new SpecError(`${url}: cannot download it (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message})`);
  }
  if (!response.ok) throw new SpecError(`${url}: the server answered ${response.status} ${response.statusText}`.trimEnd());
  return { text: await readSpecBody(response, url), location: url, shown: url };
}

async function parseText(text: string, shown: string, signal: AbortSignal, onProgress?: (message: string) => void): Promise<unknown> {
  if (text.trim() === '') throw new SpecError(`${shown}: the file is empty`);
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SpecError(`${shown}: invalid JSON (${(error as Error).message})`);
    }
  }
  try {
    return await parseSpecYaml(text, shown, signal, onProgress);
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const line = error.linePos?.[0];
      const where = line ? ` at line ${line.line}, column ${line.col}` : '';
      // The parser's first line repeats the position: `Tabs are not allowed as indentation at line 4, column 1:`.
      const problem = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      throw new SpecError(`${shown}: YAML syntax error${where}: ${problem}`);
    }
    throw error;
  }
}
