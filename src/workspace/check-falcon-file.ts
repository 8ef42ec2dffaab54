import path from 'node:path';
import { type Document, LineCounter } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument, YamlLimitError, yamlValue } from '../safety/bounded-yaml.js';
import { flatStringMap } from './environments.js';
import { parseSavedRequest } from './saved-requests.js';
import { describeSecretRefusal, findRequestSecrets } from '../safety/request-secrets.js';
import { secretLines } from '../safety/secret-lines.js';

export type FalconFileFormat = 'yaml' | 'json' | 'markdown' | 'text';

/** The format named, else the one the file's extension says. */
export function formatOf(relative: string, given?: FalconFileFormat): FalconFileFormat {
  if (given) return given;
  const extension = path.posix.extname(relative).toLowerCase();
  if (extension === '.yaml' || extension === '.yml') return 'yaml';
  if (extension === '.json') return 'json';
  if (extension === '.md' || extension === '.markdown') return 'markdown';
  return 'text';
}

/**
 * Why `content` must not be written to `.falcon/<relative>`, or undefined when it may: YAML and
 * JSON must parse, files other tools read (environments, saved requests, variables.json) must have
 * their shape, and nothing may hold a secret in clear.
 */
export function checkFalconFile(relative: string, content: string, format: FalconFileFormat): string | undefined {
  let data: unknown;
  if (format === 'yaml') {
    const parsed = parseYaml(content);
    if ('problem' in parsed) return parsed.problem;
    data = parsed.data;
  } else if (format === 'json') {
    try {
      data = JSON.parse(content);
    } catch (error) {
      return `not valid JSON: ${(error as Error).message}`;
    }
  }
  try {
    const shapeProblem = checkShape(relative, content, format, data);
    if (shapeProblem) return shapeProblem;
  } catch (error) {
    return (error as Error).message;
  }
  const secrets = secretLines(content);
  if (secrets.length > 0) {
    return `the content holds secrets in clear (${secrets.slice(0, 3).join('; ')}): write {{VAR}} placeholders instead, e.g. "{{env:API_TOKEN}}"`;
  }
  return undefined;
}

function checkShape(relative: string, content: string, format: FalconFileFormat, data: unknown): string | undefined {
  const file = `.falcon/${relative}`;
  const yamlFile = /\.ya?ml$/i.test(relative);
  if (format === 'yaml' && yamlFile && /^environments\/[^/]+$/.test(relative)) flatStringMap(content, file);
  if (format === 'yaml' && yamlFile && /^requests\/[^/]+$/.test(relative)) {
    const request = parseSavedRequest(content, file, path.posix.basename(relative).replace(/\.ya?ml$/i, ''));
    const secrets = findRequestSecrets(request);
    if (secrets.length > 0) return describeSecretRefusal(secrets, undefined);
  }
  if (format === 'json' && relative === 'variables.json' && (!data || typeof data !== 'object' || Array.isArray(data))) {
    return `${file} must hold one JSON object of NAME: value`;
  }
  return undefined;
}

function parseYaml(content: string): { data: unknown } | { problem: string } {
  const lineCounter = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseBoundedDocument(content, { limits: FILE_YAML_LIMITS, lineCounter, prettyErrors: false });
  } catch (error) {
    if (error instanceof YamlLimitError) return { problem: `not readable YAML: ${error.message}` };
    throw error;
  }
  const [error] = doc.errors;
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return { problem: `not valid YAML: line ${line}, column ${col}: ${error.message}` };
  }
  try {
    return { data: yamlValue(doc) };
  } catch (error) {
    return { problem: `not valid YAML: ${(error as Error).message}` };
  }
}
