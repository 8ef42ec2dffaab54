// HTTP done by libraries rather than by hand (issue 27, point 10), through the built binary:
// cookies by tough-cookie (public suffixes, SameSite), multipart bodies by the platform's FormData,
// response bodies decoded through stacked codings and their charset.
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';

const setup = useFakeModelProject();
const observations = () => setup.models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
const call = (tool: string, args: Record<string, unknown>) => `ACTION: ${tool}(${JSON.stringify(args)})`;
/** The user's own project, trusted, with a window wide enough for the observations. */
const wideWindow = async () => {
  await setup.sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: setup.models.openaiBaseUrl, context_window: 131_072 } },
    },
  });
  await setup.sandbox.trustProject();
};

interface Received {
  method: string;
  host: string;
  url: string;
  cookie?: string;
  contentType?: string;
  body: string;
}

let api: { server: Server; url: string; port: string; received: Received[] };
beforeEach(async () => {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      received.push({
        method: req.method ?? '',
        host: req.headers.host ?? '',
        url: req.url ?? '',
        cookie: req.headers.cookie,
        contentType: req.headers['content-type'],
        body,
      });
      respond(req, res);
    });
  });
  const url = await listenOnLoopback(server);
  api = { server, url, port: new URL(url).port, received };
});
afterEach(() => closeServer(api.server));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

function respond(req: IncomingMessage, res: import('node:http').ServerResponse): void {
  switch (req.url) {
    case '/login':
      res.writeHead(204, { 'set-cookie': ['wide=1; Domain=co.uk; Path=/', 'own=1; Domain=a.co.uk; Path=/'] }).end();
      return;
    case '/prefs':
      res.writeHead(204, { 'set-cookie': ['strict=1; SameSite=Strict; Path=/', 'lax=1; SameSite=Lax; Path=/'] }).end();
      return;
    case '/bounce':
      res.writeHead(302, { location: `http://b.co.uk:${api.port}/whoami` }).end();
      return;
    case '/stacked':
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip, br' })
        .end(zlib.brotliCompressSync(zlib.gzipSync('{"greeting":"grüß dich"}')));
      return;
    case '/latin1':
      res.writeHead(200, { 'content-type': 'text/plain; charset=ISO-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x63, 0x72, 0xe8, 0x6d, 0x65]));
      return;
    default:
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  }
}

/** Makes every `*.co.uk` name this test uses resolve to loopback, in the Falcon process only. */
async function coUkOnLoopback(): Promise<Record<string, string>> {
  const hook = path.join(tmpdir(), `falcon-co-uk-${process.pid}.mjs`);
  await writeFile(
    hook,
    "import dns from 'node:dns';\nconst lookup = dns.lookup;\ndns.lookup = (host, options, callback) => lookup.call(dns, /\\.co\\.uk$/.test(host) ? '127.0.0.1' : host, options, callback);\n",
  );
  return { NODE_OPTIONS: `--import=${hook}` };
}

describe('cookies', () => {
  it('refuses a cookie for a public suffix, and keeps SameSite cookies from a request another site redirects', async () => {
    await wideWindow();
    const site = (host: string, route: string) => `http://${host}:${api.port}${route}`;
    setup.models.script([
      call('http_request', { method: 'POST', url: site('a.co.uk', '/login') }),
      call('http_request', { method: 'GET', url: site('b.co.uk', '/whoami') }),
      call('http_request', { method: 'GET', url: site('www.a.co.uk', '/whoami') }),
      call('http_request', { method: 'POST', url: site('b.co.uk', '/prefs') }),
      call('http_request', { method: 'GET', url: site('b.co.uk', '/whoami') }),
      call('http_request', { method: 'GET', url: site('a.co.uk', '/bounce'), follow_redirects: true }),
      'Final Answer: done',
    ]);

    const result = await runFalcon(['-p', 'log in and look around', '--yes'], { cwd: setup.sandbox.project, env: setup.sandbox.env(await coUkOnLoopback()) });

    expect(result.code).toBe(0);
    const whoami = api.received.filter((request) => request.url === '/whoami').map((request) => `${request.host.split(':')[0]} ${request.cookie ?? '(none)'}`);
    expect(whoami).toEqual(['b.co.uk (none)', 'www.a.co.uk own=1', 'b.co.uk strict=1; lax=1', 'b.co.uk lax=1']);
  });
});

describe('multipart bodies', () => {
  it('upload a project file under its own name, each body with a boundary of its own', async () => {
    await wideWindow();
    await setup.sandbox.testApiAt(api.url);
    await writeFile(path.join(setup.sandbox.project, 'avatar.png'), 'PNG-BYTES');
    const upload = call('http_request', { method: 'POST', url: '{{BASE_URL}}/upload', multipart: { 'display "name"': 'Ada', avatar: { file: 'avatar.png' } } });
    setup.models.script([upload, upload, 'Final Answer: uploaded twice']);

    const result = await runFalcon(['-p', 'upload my avatar twice'], { cwd: setup.sandbox.project, env: setup.sandbox.env() });

    expect(result.stdout).toBe('uploaded twice\n');
    const uploads = api.received.filter((request) => request.url === '/upload');
    expect(uploads).toHaveLength(2);
    const boundaries = uploads.map((request) => /^multipart\/form-data; boundary=(\S+)$/.exec(request.contentType ?? '')?.[1]);
    expect(boundaries[0]).toBeDefined();
    expect(boundaries[0]).not.toBe(boundaries[1]);
    expect(uploads[0]!.body).toContain('Content-Disposition: form-data; name="display %22name%22"\r\n\r\nAda\r\n');
    expect(uploads[0]!.body).toContain('Content-Disposition: form-data; name="avatar"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\nPNG-BYTES\r\n');
  });

  it('generated for a spec upload operation go out through FormData, the file field as a file', async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Uploads', version: '1' },
      paths: {
        '/photos': {
          post: {
            operationId: 'uploadPhoto',
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: ['photo', 'title'],
                    properties: { photo: { type: 'string', format: 'binary' }, title: { type: 'string', example: 'beach' } },
                  },
                },
              },
            },
            responses: { '200': { description: 'stored' } },
          },
        },
      },
    };
    await writeFile(path.join(setup.sandbox.project, 'openapi.json'), JSON.stringify(spec));

    const result = await runFalcon(['test', '--spec', 'openapi.json', '--base-url', api.url, '--strategies', 'happy'], {
      cwd: setup.sandbox.project,
      env: setup.sandbox.env(),
    });

    expect(result.stderr).toMatch(/^Testing Uploads 1 at /);
    const sent = api.received.filter((request) => request.method === 'POST' && request.url === '/photos' && request.contentType?.startsWith('multipart/'));
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(request.contentType ?? '')?.[1];
      expect(boundary).toBeDefined();
      expect(boundary).not.toBe('falcon-form-boundary');
      expect(request.body).toMatch(/Content-Disposition: form-data; name="photo"; filename="photo\.bin"\r\nContent-Type: application\/octet-stream\r\n\r\n/);
      expect(request.body).toContain('Content-Disposition: form-data; name="title"\r\n\r\nbeach\r\n');
    }
  });
});

describe('response bodies', () => {
  it('are decoded through stacked codings and by the charset of their content type', async () => {
    await wideWindow();
    await setup.sandbox.testApiAt(api.url);
    setup.models.script([
      call('http_request', { method: 'GET', url: '{{BASE_URL}}/stacked' }),
      call('http_request', { method: 'GET', url: '{{BASE_URL}}/latin1' }),
      'Final Answer: read both',
    ]);

    const result = await runFalcon(['-p', 'read both'], { cwd: setup.sandbox.project, env: setup.sandbox.env() });

    expect(result.stdout).toBe('read both\n');
    const [stacked, latin1] = observations();
    expect(stacked).toContain('content-encoding: gzip, br');
    expect(stacked).toContain('{\n  "greeting": "grüß dich"\n}');
    expect(latin1).toMatch(/\n\ncafé crème$/);
  });
});
