import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpRequestTool } from '../../src/capabilities/requests/tools/http-request.js';
import { type TestServer, startTestServer } from '../apis/http-test-server.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

let server: TestServer;
let project: TempProject;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

type Args = Parameters<typeof httpRequestTool.run>[0];
const echoedBody = (output: string) => JSON.parse(output.slice(output.indexOf('\n\n') + 2)) as { contentType: string; body: string };

describe('http_request with a multipart body', () => {
  it('uploads a project file under its own name and type, beside text fields with their variables filled', async () => {
    await project.write('fixtures/photo.png', Buffer.from('PNGDATA'));
    const ctx = toolContext(project.root);
    ctx.variables.session.set('CAPTION', 'me at the beach');
    const { text: output } = await httpRequestTool.run(
      { method: 'POST', url: `${server.url}/echo`, multipart: { caption: '{{CAPTION}}', photo: { file: 'fixtures/photo.png' } } } as Args,
      ctx,
    );
    const echoed = echoedBody(output);
    expect(echoed.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(echoed.body).toContain('Content-Disposition: form-data; name="caption"\r\n\r\nme at the beach\r\n');
    expect(echoed.body).toContain('Content-Disposition: form-data; name="photo"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\nPNGDATA\r\n');
  });

  it('refuses a file outside the project, and one a deny rule keeps from being read', async () => {
    await project.write('.env', 'TOKEN=x\n');
    const ctx = { ...toolContext(project.root), readDenied: (file: string) => (file === '.env' ? 'read_file(.env*)' : undefined) };
    await expect(
      httpRequestTool.run({ method: 'POST', url: `${server.url}/echo`, multipart: { f: { file: '../outside/secret.txt' } } } as Args, ctx),
    ).rejects.toThrow('cannot upload ../outside/secret.txt: path escapes the project');
    await expect(httpRequestTool.run({ method: 'POST', url: `${server.url}/echo`, multipart: { f: { file: '.env' } } } as Args, ctx)).rejects.toThrow(
      'cannot upload .env: the deny rule read_file(.env*) keeps it from being read',
    );
  });
});
