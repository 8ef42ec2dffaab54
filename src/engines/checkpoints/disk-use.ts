import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CHECKPOINTS_FOLDER, PROJECT_FILE } from './shadow-repo.js';

/** What one project's checkpoints take on disk. */
export interface ProjectDiskUse {
  /** The project the shadow folder belongs to, as its `project` file names it. */
  project: string;
  bytes: number;
}

export interface CheckpointDiskUse {
  folder: string;
  bytes: number;
  projects: ProjectDiskUse[];
}

/** The disk the checkpoints of every project take, under `<FALCON_HOME>/checkpoints/`, largest first. */
export async function checkpointDiskUse(falconHome: string): Promise<CheckpointDiskUse> {
  const folder = path.join(falconHome, CHECKPOINTS_FOLDER);
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const projects = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry): Promise<ProjectDiskUse> => {
        const shadow = path.join(folder, entry.name);
        const project = (await readFile(path.join(shadow, PROJECT_FILE), 'utf8').catch(() => entry.name)).trim();
        return { project, bytes: await folderBytes(shadow) };
      }),
  );
  projects.sort((a, b) => b.bytes - a.bytes);
  return { folder, bytes: projects.reduce((sum, project) => sum + project.bytes, 0), projects };
}

/** The bytes of every file below `folder`, links not followed. */
async function folderBytes(folder: string): Promise<number> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return folderBytes(full);
      return (await lstat(full).catch(() => undefined))?.size ?? 0;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}
