import { readFile } from 'node:fs/promises';
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument, YamlLimitError, yamlValue } from '../safety/bounded-yaml.js';
import { ConfigError, type ConfigProblem } from './config-error.js';

export type KeyPath = readonly (string | number)[];

/** Where a key path points in a file: the line of its key (or of the nearest ancestor that exists). */
export interface KeyLocation {
  line?: number;
  key?: string;
}

export interface YamlFile {
  /** The path shown to the user in messages. */
  displayPath: string;
  /** The file as plain data; `null` for an empty file. */
  value: unknown;
  locate(path: KeyPath): KeyLocation;
}

/** `providers.openai.model`, `fallback[1]`. */
export function formatKeyPath(path: KeyPath): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

/** Reads and parses a YAML file; `undefined` when it does not exist. Syntax errors become a ConfigError. */
export async function readYamlFile(path: string, displayPath: string): Promise<YamlFile | undefined> {
  let source: string;
  try {
    source = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(displayPath, [{ message: `cannot read the file (${(error as Error).message})` }]);
  }
  return parseYaml(source, displayPath);
}

function parseYaml(source: string, displayPath: string): YamlFile {
  const lineCounter = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseBoundedDocument(source, { limits: FILE_YAML_LIMITS, lineCounter, prettyErrors: false });
  } catch (error) {
    if (error instanceof YamlLimitError) throw new ConfigError(displayPath, [{ message: error.message }]);
    throw error;
  }
  if (doc.errors.length > 0) {
    throw new ConfigError(
      displayPath,
      doc.errors.map((error): ConfigProblem => {
        const { line, col } = lineCounter.linePos(error.pos[0]);
        return { line, column: col, message: syntaxMessage(error) };
      }),
    );
  }
  let value: unknown;
  try {
    value = yamlValue(doc);
  } catch (error) {
    // An alias whose anchor is missing is only found here.
    throw new ConfigError(displayPath, [{ message: (error as Error).message }]);
  }
  return {
    displayPath,
    value,
    locate: (path) => ({ line: lineOfKey(doc, lineCounter, path), key: formatKeyPath(path) || undefined }),
  };
}

function syntaxMessage(error: { code: string; message: string }): string {
  return error.code === 'MULTIPLE_DOCS' ? 'the file holds more than one YAML document (a second `---`)' : error.message;
}

function lineOfKey(doc: Document, lineCounter: LineCounter, path: KeyPath): number | undefined {
  let node: unknown = doc.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (const part of path) {
    let next: { at: number | undefined; node: unknown } | undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(part));
      if (pair) next = { at: (pair.key as Node).range?.[0], node: pair.value };
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part] as Node | undefined;
      if (item) next = { at: item.range?.[0], node: item };
    }
    if (!next) break;
    offset = next.at ?? offset;
    node = next.node;
  }
  return offset === undefined ? undefined : lineCounter.linePos(offset).line;
}
