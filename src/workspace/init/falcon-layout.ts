import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { FALCON_DIR } from '../falcon-dir.js';
import { writeNewFile } from '../../safety/atomic-write.js';
import type { Framework } from './frameworks.js';
import { LAYOUT_FOLDERS, type LayoutFacts, layoutFiles } from './layout-files.js';

export interface FalconLayoutOptions {
  framework: Framework;
  frameworkEvidence?: string;
  baseUrl: string;
  /** The spec file, relative to the project root. */
  spec?: string;
  /** How the spec is described in falcon.md, e.g. `docs/openapi.yaml (OpenAPI 3.0.3)`. */
  specDescription?: string;
  /** `server:` of the config: how the API starts. */
  server?: LayoutFacts['server'];
}

export interface FalconLayoutResult {
  /**
   * Paths relative to the project root, as a tree lists them: the files of `.falcon/`, then each
   * folder followed by the files inside it (`.falcon/environments/`, `.falcon/environments/dev.yaml`).
   */
  created: string[];
  kept: string[];
  framework: Framework;
  baseUrl: string;
  spec?: string;
}

type LayoutEntry = [relative: string, created: boolean];

/** Something in the way of `.falcon/`, such as a file where a folder belongs. */
export class FalconLayoutError extends Error {
  override name = 'FalconLayoutError';
}

/**
 * Creates the `.falcon/` folder of docs/ARCHITECTURE.md ("Configuration and the `.falcon/` folder"), adding only what is missing: a file or folder that
 * exists is kept as it is, whoever wrote it, so running init again is always safe.
 */
export async function createFalconLayout(projectRoot: string, options: FalconLayoutOptions): Promise<FalconLayoutResult> {
  const facts: LayoutFacts = {
    projectName: path.basename(path.resolve(projectRoot)),
    framework: options.framework,
    ...(options.frameworkEvidence && { frameworkEvidence: options.frameworkEvidence }),
    baseUrl: options.baseUrl,
    ...(options.spec && { specPath: options.spec, spec: options.specDescription ?? options.spec }),
    ...(options.server && { server: options.server }),
  };
  const folders: LayoutEntry[] = [];
  const files: LayoutEntry[] = [];
  await ensureFolder(projectRoot, FALCON_DIR);
  for (const folder of LAYOUT_FOLDERS) {
    const relative = `${FALCON_DIR}/${folder}/`;
    folders.push([relative, await ensureFolder(projectRoot, relative)]);
  }
  for (const [file, content] of Object.entries(layoutFiles(facts))) {
    const relative = `${FALCON_DIR}/${file}`;
    files.push([relative, await writeNewFile(path.join(projectRoot, relative), content)]);
  }
  const entries = asTree(files, folders);
  return {
    created: entries.filter(([, created]) => created).map(([relative]) => relative),
    kept: entries.filter(([, created]) => !created).map(([relative]) => relative),
    framework: options.framework,
    baseUrl: options.baseUrl,
    ...(options.spec && { spec: options.spec }),
  };
}

/** The files of `.falcon/` first, then each folder followed by the files inside it. */
function asTree(files: LayoutEntry[], folders: LayoutEntry[]): LayoutEntry[] {
  const inside = (folder: string) => files.filter(([file]) => file.startsWith(folder));
  const topLevel = files.filter(([file]) => !folders.some(([folder]) => file.startsWith(folder)));
  return [...topLevel, ...folders.flatMap((folder) => [folder, ...inside(folder[0])])];
}

/** Creates a folder unless it exists; returns whether it created it. */
async function ensureFolder(projectRoot: string, relative: string): Promise<boolean> {
  try {
    await mkdir(path.join(projectRoot, relative));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!(await stat(path.join(projectRoot, relative))).isDirectory()) {
    throw new FalconLayoutError(`${relative.replace(/\/$/, '')} exists but is not a folder; move it away and run falcon init again`);
  }
  return false;
}
