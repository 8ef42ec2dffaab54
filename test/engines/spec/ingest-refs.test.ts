import { access, mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../src/engines/spec/ingest-spec.js';
import { closeServer, listenOnLoopback } from '../../apis/loopback-server.js';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

/** An OpenAPI 3.0 document whose one response schema is `{$ref: ref}`. */
function specReferring(ref: string): string {
  return `openapi: 3.0.3
info: {title: Things, version: "1"}
paths:
  /things:
    get:
      operationId: getThing
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: "${ref}"}
`;
}

const THING_SCHEMA = 'type: object\nproperties:\n  name: {type: string, description: from the project}\n';
const SECRET_SCHEMA = 'type: object\ndescription: the outside secret\n';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await writeFile(path.join(project.outside, 'secret.yaml'), SECRET_SCHEMA);
});
afterEach(() => project.remove());

async function ingestError(source: string): Promise<Error> {
  const error = await ingestSpec(source, { projectRoot: project.root, signal: new AbortController().signal }).then(
    () => new Error('it ingested'),
    (thrown: Error) => thrown,
  );
  await expect(access(path.join(project.root, '.falcon/spec.yaml'))).rejects.toThrow();
  return error;
}

function responseSchema(spec: Awaited<ReturnType<typeof ingestSpec>>['spec']): unknown {
  return spec.operations[0]?.responses['200']?.content?.['application/json']?.schema;
}

describe('external $refs of a spec in the project', () => {
  it('follows refs to files inside the project, through a symlink that stays inside too', async () => {
    await project.write('specs/schemas/thing.yaml', THING_SCHEMA);
    await symlink(path.join(project.root, 'specs/schemas'), path.join(project.root, 'specs/linked'));
    await project.write('specs/direct.yaml', specReferring('./schemas/thing.yaml'));
    await project.write('specs/linked.yaml', specReferring('linked/thing.yaml'));
    for (const source of ['specs/direct.yaml', 'specs/linked.yaml']) {
      const { spec } = await ingestSpec(source, { projectRoot: project.root, signal: new AbortController().signal });
      expect(responseSchema(spec)).toEqual({ type: 'object', properties: { name: { type: 'string', description: 'from the project' } } });
    }
  });

  it('refuses a ref that climbs out of the project, or names an outside file by absolute path or file: URL', async () => {
    const outsideFile = path.join(project.outside, 'secret.yaml');
    await project.write('specs/climb.yaml', specReferring('../../outside/secret.yaml'));
    await project.write('specs/absolute.yaml', specReferring(outsideFile));
    await project.write('specs/file-url.yaml', specReferring(pathToFileURL(outsideFile).href));
    for (const name of ['climb', 'absolute', 'file-url']) {
      const error = await ingestError(`specs/${name}.yaml`);
      expect(error.name).toBe('SpecError');
      expect(error.message).toBe(
        `specs/${name}.yaml: $ref to ../outside/secret.yaml refused (path escapes the project): a spec may only refer to files inside the project`,
      );
    }
  });

  it('refuses a ref through a symlink that leads out of the project', async () => {
    await symlink(path.join(project.outside, 'secret.yaml'), path.join(project.root, 'specs-link.yaml'));
    await project.write('specs/via-link.yaml', specReferring('../specs-link.yaml'));
    const error = await ingestError('specs/via-link.yaml');
    expect(error.message).toBe(
      'specs/via-link.yaml: $ref to specs-link.yaml refused (path leaves the project through a symlink): a spec may only refer to files inside the project',
    );
    expect(error.message).not.toContain('the outside secret');
  });

  it("refuses a ref into Falcon's own folder", async () => {
    await project.write('.falcon/config.yaml', 'type: object\n');
    await project.write('specs/falcon.yaml', specReferring('../.falcon/config.yaml'));
    const error = await ingestError('specs/falcon.yaml');
    expect(error.message).toBe("specs/falcon.yaml: $ref to .falcon/config.yaml refused: Falcon's own folder holds no part of a spec");
  });

  it('names a missing file by its path in the project, once', async () => {
    await project.write('specs/x.yaml', specReferring('schemas/thing.yaml'));
    const error = await ingestError('specs/x.yaml');
    expect(error.message).toBe('specs/x.yaml: $ref to specs/schemas/thing.yaml cannot be read (no such file)');
  });

  it('names a broken referred file by its path in the project, on one line', async () => {
    await project.write('specs/schemas/bad.yaml', 'type: object\n\tfoo: [\n');
    await project.write('specs/x.yaml', specReferring('schemas/bad.yaml'));
    const error = await ingestError('specs/x.yaml');
    expect(error.message).toMatch(/^specs\/x\.yaml: Error parsing specs\/schemas\/bad\.yaml: tab characters must not be used in indentation/);
    expect(error.message).not.toContain(project.root);
    expect(error.message).not.toContain('\n');
  });

  it('says so when a ref names a folder', async () => {
    await mkdir(path.join(project.root, 'specs/thing.yaml'), { recursive: true });
    await project.write('specs/folder.yaml', specReferring('thing.yaml'));
    expect((await ingestError('specs/folder.yaml')).message).toBe('specs/folder.yaml: $ref to specs/thing.yaml cannot be read (it is a folder)');
  });

  it('never fetches an http(s) ref', async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end(SECRET_SCHEMA);
    });
    const url = await listenOnLoopback(server);
    try {
      await project.write('specs/web.yaml', specReferring(`${url}/schema.yaml`));
      const error = await ingestError('specs/web.yaml');
      expect(error.message).toBe(
        `specs/web.yaml: $ref to ${url}/schema.yaml refused: a spec in the project may only refer to files in the project, not to the web`,
      );
      expect(hits).toEqual([]);
    } finally {
      await closeServer(server);
    }
  });
});

describe('external $refs of a spec fetched from a URL', () => {
  let servers: Server[];
  let hits: string[];

  /** Serves `files` by path, and records every request as `<origin><path>`. */
  async function serve(files: Record<string, string>, redirects: Record<string, string> = {}): Promise<string> {
    const server = createServer((request, response) => {
      hits.push(`${origin}${request.url ?? ''}`);
      const to = redirects[request.url ?? ''];
      if (to) {
        response.writeHead(302, { location: to }).end();
        return;
      }
      const body = files[request.url ?? ''];
      response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/yaml' }).end(body ?? 'not found');
    });
    servers.push(server);
    const origin = await listenOnLoopback(server);
    return origin;
  }

  beforeEach(() => {
    servers = [];
    hits = [];
  });
  afterEach(async () => {
    for (const server of servers) await closeServer(server);
  });

  it('resolves a ref on the same origin', async () => {
    const origin = await serve({ '/api/spec.yaml': specReferring('schemas/thing.yaml'), '/api/schemas/thing.yaml': THING_SCHEMA });
    const { spec } = await ingestSpec(`${origin}/api/spec.yaml`, { projectRoot: project.root, signal: new AbortController().signal });
    expect(responseSchema(spec)).toMatchObject({ properties: { name: { description: 'from the project' } } });
    expect(hits).toEqual([`${origin}/api/spec.yaml`, `${origin}/api/schemas/thing.yaml`]);
  });

  it('refuses a ref to another origin, a redirect to another origin, and a local file', async () => {
    const other = await serve({ '/secret.yaml': SECRET_SCHEMA });
    const origin = await serve(
      {
        '/other.yaml': specReferring(`${other}/secret.yaml`),
        '/redirected.yaml': specReferring('/moved.yaml'),
        '/local.yaml': specReferring(pathToFileURL(path.join(project.outside, 'secret.yaml')).href),
      },
      { '/moved.yaml': `${other}/secret.yaml` },
    );
    const refusals = [
      ['other', `$ref to ${other}/secret.yaml refused: a spec fetched from a URL may only refer to files on its own origin (${origin})`],
      ['redirected', `$ref to ${other}/secret.yaml refused: a spec fetched from a URL may only refer to files on its own origin (${origin})`],
      [
        'local',
        `$ref to ${pathToFileURL(path.join(project.outside, 'secret.yaml')).href} refused: a spec fetched from a URL may only refer to files on its own origin (${origin})`,
      ],
    ];
    for (const [name, problem] of refusals) {
      expect((await ingestError(`${origin}/${name}.yaml`)).message).toBe(`${origin}/${name}.yaml: ${problem}`);
    }
    expect(hits.filter((hit) => hit.startsWith(other))).toEqual([]);
  });
});
