import path from 'node:path';
import { packageRoot } from '../../package-root.js';

/** The JSON Schema of a flow, shipped with the package (package.json `files`): read at run time, printed for editors by `falcon flow schema`. */
export function flowSchemaFile(): string {
  return path.join(packageRoot(), 'schemas', 'falcon-flow.schema.json');
}
