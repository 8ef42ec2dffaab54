import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { findProjectFilePaths } from '../../code/project-files.js';
import type { Language } from './mask-source.js';
import { SourceFile } from './source-file.js';

const LANGUAGES: Record<string, Language> = {
  js: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'js',
  ts: 'js',
  tsx: 'js',
  mts: 'js',
  cts: 'js',
  go: 'go',
  py: 'python',
  rb: 'ruby',
  php: 'php',
  java: 'java',
  kt: 'java',
  rs: 'rust',
};

/** Folders that findProjectFiles lists but whose routes are not the app's: editor settings, runtime data, Falcon's own, tests and mocks. */
const SKIPPED_SEGMENTS = new Set(['.idea', 'storage', 'tmp', '.falcon', '__tests__', '__mocks__']);
/** Type declarations, minified bundles and tests (whose routes only set up a test). */
const SKIPPED_NAMES = /\.d\.[cm]?ts$|\.min\.js$|_test\.(?:go|py)$|\.(?:test|spec)\.[cm]?[jt]sx?$|(?:^|\/)test_[^/]*\.py$/;
const MAX_FILE_BYTES = 1024 * 1024;

/** The project's source files, listed once and read on demand (each file read at most once). */
export class SourceSet {
  private readonly cache = new Map<string, Promise<SourceFile | undefined>>();
  private readonly sourcePaths: ReadonlySet<string>;
  /** Source file paths, relative to the root, sorted. */
  readonly paths: readonly string[];

  private constructor(
    readonly projectRoot: string,
    /** Every project file that is not skipped (sources, settings, …), relative to the root, sorted. */
    readonly allPaths: readonly string[],
    private readonly signal?: AbortSignal,
  ) {
    this.paths = allPaths.filter((relative) => languageOf(relative));
    this.sourcePaths = new Set(this.paths);
  }

  static async load(projectRoot: string, signal?: AbortSignal): Promise<SourceSet> {
    const paths = (await findProjectFilePaths(projectRoot)).map((file) => file.path);
    return new SourceSet(
      projectRoot,
      paths.filter((relative) => !isSkipped(relative)),
      signal,
    );
  }

  has(relative: string): boolean {
    return this.sourcePaths.has(relative);
  }

  /** Any project file's text (settings files and the like), or undefined when it cannot be read. */
  async readText(relative: string): Promise<string | undefined> {
    if (!this.allPaths.includes(relative)) return undefined;
    return readFile(path.join(this.projectRoot, relative), 'utf8').catch(() => undefined);
  }

  /** A source file by its project-relative path, or undefined when it is not one of the project's. */
  file(relative: string): Promise<SourceFile | undefined> {
    let pending = this.cache.get(relative);
    if (!pending) {
      pending = this.read(relative);
      this.cache.set(relative, pending);
    }
    return pending;
  }

  /** Every source file in the given languages whose path passes the filter. */
  async files(languages: readonly Language[], filter: (relative: string) => boolean = () => true): Promise<SourceFile[]> {
    const wanted = this.paths.filter((relative) => languages.includes(languageOf(relative) as Language) && filter(relative));
    const files = await Promise.all(wanted.map((relative) => this.file(relative)));
    return files.filter((file): file is SourceFile => file !== undefined);
  }

  private async read(relative: string): Promise<SourceFile | undefined> {
    this.signal?.throwIfAborted();
    const language = languageOf(relative);
    if (!language || !this.has(relative)) return undefined;
    const absolute = path.join(this.projectRoot, relative);
    // Generated bundles and data dumps are no route files.
    const size = await stat(absolute).then(
      (info) => info.size,
      () => Infinity,
    );
    const text = size <= MAX_FILE_BYTES ? await readFile(absolute, 'utf8').catch(() => undefined) : undefined;
    return text === undefined ? undefined : new SourceFile(relative, text, language);
  }
}

export function languageOf(relative: string): Language | undefined {
  return LANGUAGES[path.posix.extname(relative).slice(1).toLowerCase()];
}

function isSkipped(relative: string): boolean {
  return SKIPPED_NAMES.test(relative) || relative.split('/').some((segment) => SKIPPED_SEGMENTS.has(segment));
}
