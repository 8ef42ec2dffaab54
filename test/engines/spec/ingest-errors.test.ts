import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import type { TempProject } from '../../tools/temp-project.js';
import { projectWithSpecs } from './spec-project.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

async function failure(name: string): Promise<Error> {
  project ??= await projectWithSpecs('malformed.yaml', 'invalid-3.0.yaml', 'unresolvable-ref.yaml');
  const error = await ingestSpec(name, { projectRoot: project.root, signal: new AbortController().signal }).then(
    () => new Error('ingested'),
    (thrown: Error) => thrown,
  );
  await expect(access(path.join(project.root, '.falcon/spec.yaml'))).rejects.toThrow();
  return error;
}

describe('ingestSpec on broken specs: a clear error, nothing written', () => {
  it('reports a YAML syntax error with its line', async () => {
    const error = await failure('specs/malformed.yaml');
    expect(error.name).toBe('SpecError');
    expect(error.message).toMatch(/^specs\/malformed\.yaml: YAML syntax error at line \d+/);
  });

  it('reports a document that is not valid OpenAPI', async () => {
    const error = await failure('specs/invalid-3.0.yaml');
    expect(error.message).toBe(
      "specs/invalid-3.0.yaml: Swagger schema validation failed: #/info must have required property 'version'; #/paths/~1things/get/responses must be object",
    );
  });

  it('reports a $ref that points nowhere', async () => {
    const error = await failure('specs/unresolvable-ref.yaml');
    expect(error.message).toMatch(/^specs\/unresolvable-ref\.yaml: .*Missing/i);
    expect(error.message).toContain('#/components/schemas/Missing');
  });

  it('reports a missing file, a file outside the project and a document of another kind', async () => {
    expect((await failure('specs/none.yaml')).message).toMatch(/^specs\/none\.yaml: no such file/);
    expect((await failure('../outside/secret.txt')).message).toMatch(/escapes the project/);
    await writeFile(path.join(project!.root, 'specs/other.yaml'), 'name: not a spec\n');
    expect((await failure('specs/other.yaml')).message).toMatch(/^specs\/other\.yaml: not an OpenAPI, Swagger or Postman/);
  });
});
