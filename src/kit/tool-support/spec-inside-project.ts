import { ProjectPathError, resolveInsideProject } from '../../safety/project-path.js';
import { ToolError } from '../tool/tool.js';

/**
 * A spec argument as the engines take it: a URL as it is, a file only inside the project. `falcon
 * test --spec` reads a file anywhere, as the user named it; another agent's call must not.
 */
export async function specInsideProject(spec: string | undefined, projectRoot: string): Promise<string | undefined> {
  if (spec === undefined || /^https?:\/\//i.test(spec)) return spec;
  try {
    return (await resolveInsideProject(projectRoot, spec)).relative;
  } catch (error) {
    if (error instanceof ProjectPathError) throw new ToolError(`spec: ${error.message}`);
    throw error;
  }
}
