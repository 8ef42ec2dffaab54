import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMap, isSeq } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument } from '../safety/bounded-yaml.js';
import { replaceFile } from '../safety/atomic-write.js';
import { withFileLock } from '../safety/file-lock.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';
import { displayPath } from './falcon-home.js';
import { projectConfigSchema } from './load-project-config.js';
import { validateConfig } from './validate-config.js';
import { readYamlFile } from './yaml-file.js';

/**
 * Adds a rule to `permissions.allow` in the project's `.falcon/config.yaml` ("always in this
 * project"), keeping the file's other content and comments. A file the loader would refuse throws its
 * ConfigError and is left as it was. Returns the file as shown to the user.
 */
export async function addProjectAllowRule(projectRoot: string, rule: string): Promise<string> {
  const path = join(projectRoot, '.falcon', 'config.yaml');
  const shown = displayPath(path);
  refuseLinkedFolder(projectRoot, path);
  await withFileLock(path, () => addRule(path, shown, rule));
  return shown;
}

async function addRule(path: string, shown: string, rule: string): Promise<void> {
  const file = await readYamlFile(path, shown);
  if (file) validateConfig(file, projectConfigSchema);
  const document = parseBoundedDocument(file ? await readFile(path, 'utf8') : '', { limits: FILE_YAML_LIMITS });
  const permissions = document.get('permissions', true);
  if (!isMap(permissions)) {
    document.set('permissions', document.createNode({ allow: [rule] }));
  } else {
    const allow = permissions.get('allow', true);
    if (isSeq(allow)) {
      if ((allow.toJSON() as unknown[]).includes(rule)) return;
      allow.add(document.createNode(rule));
    } else {
      permissions.set('allow', document.createNode([rule]));
    }
  }
  await replaceFile(path, document.toString());
}
