import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';

const SAMPLES = join(dirname(createRequire(import.meta.url).resolve('@apidevtools/swagger-express-middleware')), '..', 'samples');

/** The sample's own Swagger 2.0 document, as swagger-express-middleware 4.0.2 ships it. */
export const PETSTORE_SAMPLE_SPEC_FILE = join(SAMPLES, 'PetStore.yaml');

interface SwaggerDocument {
  definitions: Record<string, unknown>;
  paths: Record<string, Record<string, unknown>>;
}

/**
 * Writes the sample's document into `folder` as valid Swagger 2.0, describing the same API: the
 * sample keeps a list of parameters under `definitions` and points whole `parameters` lists at it,
 * which schema validation (Falcon's ingest among others) refuses. Here each such list is written
 * out in place. The home page it refers to is copied beside it. Returns the new file's path.
 */
export async function writeValidPetstoreSpec(folder: string): Promise<string> {
  const document = parse(await readFile(PETSTORE_SAMPLE_SPEC_FILE, 'utf8')) as SwaggerDocument;
  const inlined = new Set<string>();
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      const listRef = wholeListRef(operation);
      if (!listRef) continue;
      (operation as { parameters: unknown }).parameters = document.definitions[listRef];
      inlined.add(listRef);
    }
  }
  for (const name of inlined) delete document.definitions[name];
  const specFile = join(folder, 'PetStore.yaml');
  await writeFile(specFile, stringify(document));
  await copyFile(join(SAMPLES, 'index.html'), join(folder, 'index.html'));
  return specFile;
}

/** `pet-filters` for `parameters: {$ref: '#/definitions/pet-filters'}`. */
function wholeListRef(operation: unknown): string | undefined {
  if (typeof operation !== 'object' || operation === null) return undefined;
  const { parameters } = operation as { parameters?: unknown };
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) return undefined;
  const ref = (parameters as { $ref?: unknown }).$ref;
  return typeof ref === 'string' ? /^#\/definitions\/(.+)$/.exec(ref)?.[1] : undefined;
}
