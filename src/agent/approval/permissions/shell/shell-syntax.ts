import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from '../../../../package-root.js';

/** Where a bash parser (mvdan/sh, as `sh-syntax`'s WebAssembly) puts one top-level statement. */
export interface ShellStatement {
  /** Character offsets in the parsed text: the statement, its redirections and here-documents included. */
  start: number;
  end: number;
}

/** Text bash would refuse to run, with the parser's reason. */
export class ShellSyntaxError extends Error {
  override name = 'ShellSyntaxError';
}

/** The WebAssembly file `scripts/build.mjs` copies beside the bundle; from the sources, the package's own. */
export const SHELL_PARSER_WASM = 'sh-syntax.wasm';

interface ParserExports {
  memory: WebAssembly.Memory;
  wasmAlloc(size: number): number;
  wasmFree(pointer: number): void;
  process(...args: (number | boolean)[]): number;
}

interface ParseResult {
  file: { Stmts: Array<{ Pos: { Offset: number }; End: { Offset: number } }> | null };
  parseError: { Text: string; Pos?: { Line: number; Col: number } } | null;
  message: string;
}

const BASH = 1;
let compiled: Promise<WebAssembly.Module> | undefined;
let instance: Promise<ParserExports> | undefined;

/**
 * The top-level statements of a bash script, as bash parses it; ShellSyntaxError when it does not
 * parse. The parser is loaded on first use (start-up never pays for it) and one instance serves
 * every call; an instance that failed is dropped.
 */
export async function parseShellStatements(text: string): Promise<ShellStatement[]> {
  instance ??= startParser();
  const parser = await instance.catch((error: unknown) => {
    instance = undefined;
    throw error;
  });
  let result: ParseResult;
  try {
    result = callParser(parser, text);
  } catch (error) {
    instance = undefined;
    throw error;
  }
  if (result.parseError || result.message) throw new ShellSyntaxError(result.parseError?.Text ?? result.message);
  const offsets = characterOffsets(text);
  return (result.file.Stmts ?? []).map((statement) => ({ start: offsets(statement.Pos.Offset), end: offsets(statement.End.Offset) }));
}

async function startParser(): Promise<ParserExports> {
  // The package's glue sets the globals the Go runtime needs, and its runtime defines `Go`: imported
  // by name, as the bundler would drop a bare import of a file its package calls free of side effects.
  await import('sh-syntax');
  await import('sh-syntax/vendors/wasm_exec');
  const Go = (globalThis as unknown as { Go?: new () => GoRuntime }).Go;
  if (typeof Go !== 'function') throw new Error('the Go runtime of sh-syntax did not load');
  compiled ??= readFile(wasmPath()).then((bytes) => WebAssembly.compile(bytes));
  const module = await compiled;
  const go = new Go();
  const started = await WebAssembly.instantiate(module, go.importObject);
  void go.run(started);
  return started.exports as unknown as ParserExports;
}

interface GoRuntime {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

function wasmPath(): string {
  const shipped = path.join(packageRoot(), 'dist', SHELL_PARSER_WASM);
  return existsSync(shipped) ? shipped : createRequire(import.meta.url).resolve('sh-syntax/main.wasm');
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** One call of the module's `process` export, in the argument order of sh-syntax 0.7.0's own glue. */
function callParser(parser: ParserExports, text: string): ParseResult {
  const put = (bytes: Uint8Array): number => {
    const pointer = parser.wasmAlloc(bytes.byteLength);
    new Uint8Array(parser.memory.buffer).set(bytes, pointer);
    return pointer;
  };
  const source = encoder.encode(text);
  const empty = new Uint8Array(0);
  const [namePointer, textPointer, stopPointer] = [put(empty), put(source), put(empty)];
  try {
    // file name, text, print, keepComments, variant, stopAt, recoverErrors, then the printer's options (unused).
    const resultPointer = parser.process(
      namePointer,
      0,
      0,
      textPointer,
      source.byteLength,
      source.byteLength,
      false,
      false,
      BASH,
      stopPointer,
      0,
      0,
      0,
      false,
      2,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    );
    const bytes = new Uint8Array(parser.memory.buffer).subarray(resultPointer);
    return JSON.parse(decoder.decode(bytes.subarray(0, bytes.indexOf(0)))) as ParseResult;
  } finally {
    for (const pointer of [namePointer, textPointer, stopPointer]) parser.wasmFree(pointer);
  }
}

/** The parser counts UTF-8 bytes; this maps its offsets to the string's. */
function characterOffsets(text: string): (byteOffset: number) => number {
  if (Buffer.byteLength(text) === text.length) return (offset) => offset;
  return (offset) => Buffer.from(text).subarray(0, offset).toString('utf8').length;
}
