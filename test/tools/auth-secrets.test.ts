import { afterAll, beforeAll, expect, it } from 'vitest';
import { authTool } from '../../src/capabilities/requests/tools/auth.js';
import { CLIENT_ID, CLIENT_SECRET, type OAuth2TestServer, REFRESH_TOKEN, USER, startOAuth2Server } from '../apis/oauth2-test-server.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

let project: TempProject;
let server: OAuth2TestServer;
beforeAll(async () => {
  project = await createTempProject();
  server = await startOAuth2Server();
});
afterAll(async () => {
  await server.close();
  await project.remove();
});

it('registers the tokens an OAuth2 flow obtained, and the credentials it sent, as the session’s secrets', async () => {
  const ctx = toolContext(project.root);
  await authTool.run(
    {
      action: 'oauth2',
      grant: 'password',
      token_url: `${server.url}/token`,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      username: USER.username,
      password: USER.password,
    },
    ctx,
  );
  const access = ctx.variables.session.get('ACCESS_TOKEN')!;
  const clientBasic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
  expect(ctx.secrets.maskValues(`${access} ${REFRESH_TOKEN} ${USER.password} Basic ${clientBasic}`)).toBe(
    '[masked:ACCESS_TOKEN] [masked:REFRESH_TOKEN] [masked:PASSWORD] Basic [masked:CLIENT_SECRET]',
  );
});

it('registers a bearer token, a Basic pair and an API key given to the auth tool', async () => {
  const ctx = toolContext(project.root);
  await authTool.run({ action: 'bearer', token: 'Bearer tok_0123456789abcdefghij' }, ctx);
  await authTool.run({ action: 'basic', username: 'ada', password: 'lovelace-1815' }, ctx);
  await authTool.run({ action: 'api_key', key: 'key-Abc-0123456789', save_as: 'PETS_KEY' }, ctx);
  const basic = Buffer.from('ada:lovelace-1815').toString('base64');
  expect(ctx.secrets.maskValues(`tok_0123456789abcdefghij ${basic} key-Abc-0123456789`)).toBe('[masked:API_TOKEN] [masked:BASIC_AUTH] [masked:PETS_KEY]');
});
