import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type SwaggerParser from '@apidevtools/swagger-parser';
import { FALCON_DIR } from '../../workspace/falcon-dir.js';
import { ProjectPathError, resolveInsideProject } from '../../safety/project-path.js';
import { SpecError } from './spec-error.js';
import type { SpecDocument } from './read-spec-source.js';

type ResolveOptions = NonNullable<SwaggerParser.Options['resolve']>;

const MAX_REDIRECTS = 5;
const REF_FETCH_TIMEOUT_MS = 30_000;

/**
 * Where the external `$ref`s of a spec may lead, since what they point to is copied into
 * `.falcon/spec.yaml`, which the model reads: a spec in the project only to files inside the project
 * (real paths, so no symlink out, and not into `.falcon/`), never to the web; a spec fetched from a
 * URL only to the same origin, never to local files. A refused or unreadable ref stops the ingest
 * with a SpecError naming its target; `refusal()` gives it, as swagger-parser reports its own
 * message instead.
 */
export class ConfinedRefs {
  private firstRefusal: SpecError | undefined;
  private realRoot: Promise<string> | undefined;

  constructor(
    private readonly spec: SpecDocument,
    private readonly projectRoot: string,
    private readonly signal: AbortSignal,
  ) {}

  /** The `resolve` option for swagger-parser: this reader for every external ref, its own ones off. */
  get resolveOptions(): ResolveOptions {
    return { file: false, http: false, confined: { order: 1, canRead: true, read: (file: { url: string }) => this.read(file.url) } } as ResolveOptions;
  }

  refusal(): SpecError | undefined {
    return this.firstRefusal;
  }

  /** `text` with the project's absolute path taken off the paths in it (swagger-parser's messages name files so). */
  async relativePaths(text: string): Promise<string> {
    const root = await this.projectRealPath().catch(() => undefined);
    return root ? text.replaceAll(`${root}${path.sep}`, '') : text;
  }

  private projectRealPath(): Promise<string> {
    this.realRoot ??= realpath(this.projectRoot);
    return this.realRoot;
  }

  private async read(url: string): Promise<Buffer> {
    try {
      if (/^https?:\/\//i.test(this.spec.location)) return await this.fetchSameOrigin(url);
      if (/^https?:\/\//i.test(url)) throw this.refuse(`$ref to ${url} refused: a spec in the project may only refer to files in the project, not to the web`);
      return await this.readProjectFile(url);
    } catch (error) {
      if (error instanceof SpecError) this.firstRefusal ??= error;
      throw error;
    }
  }

  private async readProjectFile(url: string): Promise<Buffer> {
    const absolute = fileSystemPath(url);
    if (absolute === undefined) throw this.refuse(`$ref to ${url} refused: only files in the project can be referred to`);
    const relative = path
      .relative(await this.projectRealPath(), absolute)
      .split(path.sep)
      .join('/');
    let target;
    try {
      target = await resolveInsideProject(this.projectRoot, relative, { forWrite: true });
    } catch (error) {
      if (!(error instanceof ProjectPathError)) throw error;
      // Its message ends with the path, which this one already names.
      const reason = error.message.endsWith(`: ${relative}`) ? error.message.slice(0, -relative.length - 2) : error.message;
      throw this.refuse(`$ref to ${relative} refused (${reason}): a spec may only refer to files inside the project`);
    }
    if (target.relative === FALCON_DIR || target.relative.startsWith(`${FALCON_DIR}/`)) {
      throw this.refuse(`$ref to ${target.relative} refused: Falcon's own folder holds no part of a spec`);
    }
    return readFile(target.absolute).catch((error: NodeJS.ErrnoException) => {
      throw this.refuse(`$ref to ${target.relative} cannot be read (${readProblem(error)})`);
    });
  }

  /** Follows redirects itself, so that none leads to another origin. */
  private async fetchSameOrigin(url: string): Promise<Buffer> {
    const origin = new URL(this.spec.location).origin;
    let current = url;
    for (let redirects = 0; ; redirects++) {
      if (!/^https?:\/\//i.test(current) || new URL(current).origin !== origin) {
        throw this.refuse(`$ref to ${current} refused: a spec fetched from a URL may only refer to files on its own origin (${origin})`);
      }
      let response: Response;
      try {
        response = await fetch(current, { redirect: 'manual', signal: AbortSignal.any([this.signal, AbortSignal.timeout(REF_FETCH_TIMEOUT_MS)]) });
      } catch (error) {
        this.signal.throwIfAborted();
        throw this.refuse(`$ref to ${current} cannot be downloaded (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message})`);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        if (redirects >= MAX_REDIRECTS) throw this.refuse(`$ref to ${url} cannot be downloaded (more than ${MAX_REDIRECTS} redirects)`);
        current = new URL(location, current).href;
        continue;
      }
      if (!response.ok) throw this.refuse(`$ref to ${current} cannot be downloaded (the server answered ${response.status})`);
      return Buffer.from(await response.arrayBuffer());
    }
  }

  private refuse(problem: string): SpecError {
    return new SpecError(`${this.spec.source}: ${problem}`);
  }
}

/** The path a resolved ref URL names: a plain path (percent-encoded by the resolver) or a file: URL; undefined for other schemes. */
function fileSystemPath(url: string): string | undefined {
  if (/^file:/i.test(url)) {
    try {
      return fileURLToPath(url);
    } catch {
      return undefined;
    }
  }
  if (/^[a-z][a-z0-9+.-]+:/i.test(url)) return undefined;
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

function readProblem(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return 'no such file';
  if (error.code === 'EISDIR') return 'it is a folder';
  if (error.code === 'EACCES') return 'permission denied';
  return error.code ?? error.message;
}
