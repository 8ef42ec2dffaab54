import { defineFaces } from '../../kit/capability.js';
import { runPerformanceTool } from '../../tools/run-performance.js';

export const faces = defineFaces({
  tools: [{ place: 'flows, load and security', tool: runPerformanceTool }],
  servedTools: () => [runPerformanceTool],
});
