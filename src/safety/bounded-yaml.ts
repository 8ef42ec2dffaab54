import {
  Composer,
  CST,
  type Document,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  type Node,
  Parser,
  type YAMLError,
  YAMLParseError,
} from 'yaml';

/**
 * What Falcon agrees to read of a YAML text it did not write. Each bound closes a way to make a
 * small file cost unbounded time or memory: the parser is linear in the text once keys are checked
 * for duplicates here (the library's own check is quadratic in a map's size); resolving an alias
 * scans the anchors and aliases before it; and aliases of aliases expand exponentially (an "alias
 * bomb": a few lines that every reader of the value walks as billions).
 */
export interface YamlLimits {
  /** The text's size in bytes. */
  maxBytes: number;
  /** Anchors (`&name`) and aliases (`*name`) together. */
  maxAnchorsAndAliases: number;
  /** Values the aliases add once expanded, beyond those written in the document. */
  maxExpandedValues: number;
}

/**
 * Config, environments, saved requests, flows, suites, profiles: files a person writes, parsed on the
 * main thread. YAML parses at a few microseconds a byte (ten on a loaded machine, for flow style):
 * a megabyte is a second or a few, far beyond any such file.
 */
export const FILE_YAML_LIMITS: YamlLimits = { maxBytes: 1024 * 1024, maxAnchorsAndAliases: 1000, maxExpandedValues: 100_000 };

/** API descriptions, which run to tens of megabytes (GitHub's is 13 MB of JSON). */
export const SPEC_YAML_LIMITS: YamlLimits = { maxBytes: 64 * 1024 * 1024, maxAnchorsAndAliases: 10_000, maxExpandedValues: 1_000_000 };

/** A text beyond a bound of YAMLLimits; the message says which, without the file's name. */
export class YamlLimitError extends Error {
  override name = 'YamlLimitError';
}

export interface BoundedDocumentOptions {
  limits: YamlLimits;
  lineCounter?: LineCounter;
  /** As parseDocument's: errors name their line and column in `linePos` and the message (default true). */
  prettyErrors?: boolean;
}

/**
 * `parseDocument` within `limits` (a YamlLimitError beyond them), with every syntax error in
 * `errors` as the library reports them (duplicate keys included); read its value with `yamlValue`.
 */
export function parseBoundedDocument(text: string, options: BoundedDocumentOptions): Document.Parsed {
  const [first, second] = composeDocuments(text, options);
  if (second) first!.errors.push(new YAMLParseError([second.range[0], second.range[1]], 'MULTIPLE_DOCS', 'Source contains multiple documents'));
  return first!;
}

/** Every document of a multi-document text (`---`), each checked as parseBoundedDocument does; the size bound is the whole text's. */
export function parseBoundedDocuments(text: string, limits: YamlLimits): Document.Parsed[] {
  return composeDocuments(text, { limits });
}

/** The first document of `text` as plain data, within `limits`; throws its first syntax error (a YAMLParseError) as `parse` does. */
export function parseBoundedYaml(text: string, limits: YamlLimits): unknown {
  const document = parseBoundedDocument(text, { limits });
  if (document.errors[0]) throw document.errors[0];
  return yamlValue(document);
}

/** A bounded document's value: its aliases were counted and their expansion bounded, so the library's own guess is off. */
export function yamlValue(document: Document): unknown {
  return deeply(() => document.toJS({ maxAliasCount: -1 }));
}

/**
 * What parseDocument and parseAllDocuments do, with the checks between their steps: the size before
 * anything, the nesting on the parser's tokens (the parser keeps its own stack, the composer
 * recurses), the rest on the composed documents. Always at least one document, maybe empty.
 */
function composeDocuments(text: string, options: BoundedDocumentOptions): Document.Parsed[] {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > options.limits.maxBytes)
    throw new YamlLimitError(`${megabytes(bytes)} of YAML, more than the ${megabytes(options.limits.maxBytes)} Falcon reads`);
  const lineCounter = options.lineCounter ?? new LineCounter();
  const tokens = Array.from(new Parser(lineCounter.addNewLine).parse(text));
  checkNesting(tokens);
  const documents = deeply(() => Array.from(new Composer({ uniqueKeys: false }).compose(tokens, true, text.length)));
  for (const document of documents) {
    checkDocument(document, options.limits);
    if (options.prettyErrors ?? true) {
      for (const problem of [...document.errors, ...document.warnings]) locate(problem, lineCounter);
    }
  }
  return documents;
}

/** Far deeper than any real document; shallow enough for every recursive reader after the parser. */
const MAX_NESTING = 500;

function checkNesting(tokens: CST.Token[]): void {
  const pending: Array<[CST.Token, number]> = tokens.map((token) => [token, 0]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [token, depth] = next;
    if (depth > MAX_NESTING) throw new YamlLimitError(`it nests deeper than the ${MAX_NESTING} levels Falcon reads`);
    if (token.type === 'document' && token.value) pending.push([token.value, depth]);
    if (CST.isCollection(token)) {
      for (const item of token.items) {
        if (item.key) pending.push([item.key, depth + 1]);
        if (item.value) pending.push([item.value, depth + 1]);
      }
    }
  }
}

/** As the library's pretty errors, in one line: `… at line 3, column 1`, and `linePos`. */
function locate(problem: YAMLError, lineCounter: LineCounter): void {
  if (problem.pos[0] === -1) return;
  problem.linePos = [lineCounter.linePos(problem.pos[0]), lineCounter.linePos(problem.pos[1])];
  problem.message += ` at line ${problem.linePos[0].line}, column ${problem.linePos[0].col}`;
}

function checkDocument(document: Document.Parsed, limits: YamlLimits): void {
  const measured = deeply(() => measureDocument(document.contents, limits));
  if (measured.anchorsAndAliases > limits.maxAnchorsAndAliases) {
    throw new YamlLimitError(
      `${measured.anchorsAndAliases.toLocaleString('en')} anchors and aliases, more than the ${limits.maxAnchorsAndAliases.toLocaleString('en')} Falcon reads`,
    );
  }
  if (measured.expanded - measured.written > limits.maxExpandedValues) {
    throw new YamlLimitError(
      `its aliases expand ${measured.written.toLocaleString('en')} values to more than ${(measured.written + limits.maxExpandedValues).toLocaleString('en')} (an alias bomb); write the values out or use fewer aliases`,
    );
  }
  if (measured.duplicateKeys.length === 0) return;
  for (const key of measured.duplicateKeys) {
    const offset = key.range?.[0] ?? 0;
    document.errors.push(new YAMLParseError([offset, offset + 1], 'DUPLICATE_KEY', 'Map keys must be unique'));
  }
  document.errors.sort((a, b) => a.pos[0] - b.pos[0]);
}

interface DocumentMeasure {
  /** Nodes as written. */
  written: number;
  /** Nodes with every alias replaced by what it names (saturating far above any bound). */
  expanded: number;
  anchorsAndAliases: number;
  duplicateKeys: Node[];
}

const SATURATED = 2 ** 50;

/**
 * One walk in document order, as the library resolves aliases: an alias names the latest anchor of
 * its name before it. An alias inside the value it names would make a cycle no reader can walk.
 */
function measureDocument(root: unknown, limits: YamlLimits): DocumentMeasure {
  const measure: DocumentMeasure = { written: 0, expanded: 0, anchorsAndAliases: 0, duplicateKeys: [] };
  const anchors = new Map<string, Node>();
  const expandedSize = new Map<Node, number>();
  const open = new Set<Node>();

  const sizeOf = (node: unknown): number => {
    if (node === null || node === undefined) return 0;
    if (isAlias(node)) {
      measure.anchorsAndAliases++;
      const target = anchors.get(node.source);
      if (target === undefined) return 1; // the library reports the missing anchor when the value is read
      if (open.has(target)) throw new YamlLimitError(`the alias *${node.source} is inside the value it names, which never ends`);
      return expandedSize.get(target) ?? 1;
    }
    const anchored = node as Node;
    measure.written++;
    if (anchored.anchor) {
      measure.anchorsAndAliases++;
      anchors.set(anchored.anchor, anchored);
    }
    if (measure.anchorsAndAliases > limits.maxAnchorsAndAliases) return 1;
    let size = 1;
    if (isCollection(node)) {
      open.add(anchored);
      const keys = isMap(node) ? new Set<unknown>() : undefined;
      for (const item of node.items) {
        if (isPair(item)) {
          if (keys && isScalar(item.key)) {
            if (keys.has(item.key.value)) measure.duplicateKeys.push(item.key);
            keys.add(item.key.value);
          }
          size += sizeOf(item.key) + sizeOf(item.value);
        } else {
          size += sizeOf(item);
        }
        size = Math.min(size, SATURATED);
      }
      open.delete(anchored);
    }
    if (anchored.anchor) expandedSize.set(anchored, size);
    return size;
  };

  measure.expanded = sizeOf(root);
  return measure;
}

/** A stack overflow left despite the nesting bound (a reader's frames are larger than expected): a clear error, not a stack trace. */
function deeply<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof RangeError) throw new YamlLimitError('it nests too deeply to read');
    throw error;
  }
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} MB`;
}
