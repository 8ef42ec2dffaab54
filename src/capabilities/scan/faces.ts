import { defineFaces } from '../../kit/capability.js';
import { servedScanSecurity } from '../../mcp/server/tools/served-scan-security.js';
import { scanSecurityTool } from '../../tools/scan-security.js';

export const faces = defineFaces({
  tools: [{ place: 'flows, load and security', tool: scanSecurityTool }],
  servedTools: (options) => [servedScanSecurity(options.allowDestructive)],
});
