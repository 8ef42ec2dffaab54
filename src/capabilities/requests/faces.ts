import { defineFaces } from '../../kit/capability.js';
import { savedRequestCommands } from './slash/saved-request-commands.js';
import { runSavedRequestTool } from './served/run-saved-request-tool.js';
import { assertResponseTool } from './tools/assert-response.js';
import { authTool } from './tools/auth.js';
import { compareResponsesTool } from './tools/compare-responses.js';
import { extractValueTool } from './tools/extract-value.js';
import { httpRequestTool } from './tools/http-request.js';
import { requestTool } from './tools/request.js';
import { validateJsonSchemaTool } from './tools/validate-json-schema.js';
import { waitTool } from './tools/wait.js';
import { webhookListenerTool } from './tools/webhook-listener.js';
import { websocketTool } from './tools/websocket.js';

export const faces = defineFaces({
  tools: [
    { place: 'core', tool: httpRequestTool },
    { place: 'core', tool: assertResponseTool },
    { place: 'core', tool: extractValueTool },
    { place: 'requests and responses', tool: validateJsonSchemaTool },
    { place: 'requests and responses', tool: compareResponsesTool },
    { place: 'requests and responses', tool: authTool },
    { place: 'requests and responses', tool: waitTool },
    { place: 'requests and responses', tool: webhookListenerTool },
    { place: 'requests and responses', tool: websocketTool },
    { place: 'the .falcon/ workspace', tool: requestTool },
  ],
  projectSlashCommands: savedRequestCommands,
  servedTools: () => [httpRequestTool, runSavedRequestTool],
});
