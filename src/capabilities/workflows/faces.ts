import { defineFaces } from '../../kit/capability.js';
import { analyzeEndpointTool } from './tools/analyze-endpoint.js';
import { autoFixTool } from './tools/auto-fix.js';
import { autoTestTool } from './tools/auto-test.js';

export const faces = defineFaces({
  tools: [
    { place: 'workflows', tool: analyzeEndpointTool },
    { place: 'workflows', tool: autoTestTool },
    { place: 'workflows', tool: autoFixTool },
  ],
});
