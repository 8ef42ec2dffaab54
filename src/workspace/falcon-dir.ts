import { stat } from 'node:fs/promises';
import path from 'node:path';

export const FALCON_DIR = '.falcon';

export function falconPath(projectRoot: string, ...parts: string[]): string {
  return path.join(projectRoot, FALCON_DIR, ...parts);
}

/** Whether the project has its `.falcon` folder (reports go there only then). */
export function hasFalconDir(projectRoot: string): Promise<boolean> {
  return stat(falconPath(projectRoot)).then(
    (found) => found.isDirectory(),
    () => false,
  );
}
