import { readFile } from 'node:fs/promises';
import { isMap } from 'yaml';
import { FILE_YAML_LIMITS, parseBoundedDocument } from '../safety/bounded-yaml.js';
import { ConfigError } from '../config/config-error.js';
import { displayPath } from '../config/falcon-home.js';
import { readYamlFile } from '../config/yaml-file.js';
import { falconPath } from './falcon-dir.js';
import { replaceFile } from '../safety/atomic-write.js';
import { withFileLock } from '../safety/file-lock.js';
import { refuseLinkedFolder } from '../safety/linked-folder.js';

/**
 * Records the project's environment as `environment: <name>` in `.falcon/config.yaml`, keeping the
 * file's other settings and comments; a malformed file is reported (ConfigError) and left as it is.
 */
export async function saveProjectEnvironment(projectRoot: string, name: string): Promise<string> {
  const file = falconPath(projectRoot, 'config.yaml');
  refuseLinkedFolder(projectRoot, file);
  await withFileLock(file, async () => {
    await readYamlFile(file, displayPath(file));
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const doc = parseBoundedDocument(text, { limits: FILE_YAML_LIMITS });
    if (doc.contents && !isMap(doc.contents)) throw new ConfigError(displayPath(file), [{ message: 'expected a map of settings (key: value)' }]);
    doc.set('environment', name);
    await replaceFile(file, doc.toString());
  });
  return file;
}
