import { readFile } from 'node:fs/promises';
import type { ErrorObject } from 'ajv';
import { isMap, LineCounter, type Document, type Node } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument, YamlLimitError, yamlValue } from '../../safety/bounded-yaml.js';
import { ajvFactory } from '../assertions/json-schema.js';
import { flowSchemaFile } from './flow-schema-file.js';
import { likelyNames } from './likely-names.js';
import type { Flow } from './flow-format.js';
import { type FlowProblem, FlowValidationError } from './flow-problems.js';

/**
 * A flow file's text, checked against schemas/falcon-flow.schema.json: every problem is reported
 * with its line (`checkout.yaml:11: unknown key "requets" (did you mean "request"?)`), in one
 * FlowValidationError. JSON is YAML, so either works.
 */
export async function parseFlow(text: string, file: string): Promise<Flow> {
  const lines = new LineCounter();
  let document: Document.Parsed;
  try {
    document = parseBoundedDocument(text, { limits: FILE_YAML_LIMITS, lineCounter: lines, prettyErrors: false });
  } catch (error) {
    if (error instanceof YamlLimitError) throw new FlowValidationError(file, [{ line: 1, path: '', message: error.message }]);
    throw error;
  }
  const lineAt = (offset: number): number => lines.linePos(offset).line;
  if (document.errors.length > 0) {
    throw new FlowValidationError(
      file,
      document.errors.map((error) => ({ line: lineAt(error.pos[0]), path: '', message: error.message.split('\n')[0]! })),
    );
  }
  return checkFlow(
    yamlValue(document),
    file,
    (path) => lineAt(nodeAt(document, path)?.range?.[0] ?? 0),
    (path, key) => lineAt(keyAt(document, path, key) ?? 0),
  );
}

/** A flow given as a value (the agent's inline flow), checked the same way; problems name their path instead of a line. */
export function checkFlowValue(value: unknown, name: string): Promise<Flow> {
  return checkFlow(
    value,
    name,
    () => 0,
    () => 0,
  );
}

type Lines = (path: Array<string | number>) => number;
type KeyLines = (path: Array<string | number>, key: string) => number;

let validator: Promise<(value: unknown) => ErrorObject[]> | undefined;

async function checkFlow(value: unknown, file: string, lineOf: Lines, keyLineOf: KeyLines): Promise<Flow> {
  // verbose: each error carries its schema, whose keys name what an unknown key may have meant.
  validator ??= Promise.all([ajvFactory('07'), readFile(flowSchemaFile(), 'utf8')]).then(([factory, text]) => {
    const validate = factory({ verbose: true }).compile(JSON.parse(text) as object);
    return (candidate: unknown) => (validate(candidate) ? [] : (validate.errors ?? []));
  });
  const errors = (await validator)(value);
  if (errors.length === 0) return value as Flow;
  const problems = errors.flatMap((error) => describe(error, lineOf, keyLineOf));
  const unique = [...new Map(problems.map((problem) => [`${problem.line} ${problem.path} ${problem.message}`, problem])).values()];
  throw new FlowValidationError(
    file,
    unique.sort((a, b) => a.line - b.line),
  );
}

function describe(error: ErrorObject, lineOf: Lines, keyLineOf: KeyLines): FlowProblem[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));
  const at = path.join('.');
  const where = path.length === 0 ? 'the flow' : `"${at}"`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'if':
      return [];
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const guesses = likelyNames(key, known);
      const hint =
        guesses.length > 0 ? ` (did you mean ${guesses.map((name) => `"${name}"`).join(' or ')}?)` : known.length > 0 ? ` (known: ${known.join(', ')})` : '';
      return [{ line: keyLineOf(path, key), path: at, message: `unknown key "${key}"${hint}` }];
    }
    case 'required':
      return [{ line: lineOf(path), path: at, message: `${where} needs "${String(params.missingProperty)}"` }];
    case 'pattern':
      return [{ line: lineOf(path), path: at, message: `${where} is not a duration: write 500ms, 2s or 1m` }];
    case 'type':
      return [{ line: lineOf(path), path: at, message: `${where} must be ${String(params.type).replace(',', ' or ')}` }];
    default:
      return [{ line: lineOf(path), path: at, message: `${where} ${error.message ?? error.keyword}` }];
  }
}

function nodeAt(document: Document, path: Array<string | number>): Node | undefined {
  const node = path.length === 0 ? document.contents : document.getIn(path, true);
  return node && typeof node === 'object' && 'range' in node ? (node as Node) : undefined;
}

function keyAt(document: Document, path: Array<string | number>, key: string): number | undefined {
  const parent = nodeAt(document, path);
  if (!isMap(parent)) return parent?.range?.[0];
  const pair = parent.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
  return (pair?.key as Node | undefined)?.range?.[0] ?? parent.range?.[0];
}
