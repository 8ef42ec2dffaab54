import path from 'node:path';

export const FALCON_DIR = '.falcon';

export function falconPath(projectRoot: string, ...parts: string[]): string {
  return path.join(projectRoot, FALCON_DIR, ...parts);
}
