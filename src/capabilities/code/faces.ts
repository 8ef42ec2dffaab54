import { defineFaces } from '../../kit/capability.js';
import { analyzeFailureTool } from './tools/analyze-failure.js';
import { createTestFileTool } from './tools/create-test-file.js';
import { editFileTool } from './tools/edit-file.js';
import { findHandlerTool } from './tools/find-handler.js';
import { globTool } from './tools/glob.js';
import { listFilesTool } from './tools/list-files.js';
import { proposeFixTool } from './tools/propose-fix.js';
import { readFileTool } from './tools/read-file.js';
import { searchCodeTool } from './tools/search-code.js';
import { writeFileTool } from './tools/write-file.js';

export const faces = defineFaces({
  tools: [
    { place: 'core', tool: readFileTool },
    { place: 'core', tool: listFilesTool },
    { place: 'core', tool: searchCodeTool },
    { place: 'core', tool: findHandlerTool },
    { place: 'core', tool: analyzeFailureTool },
    { place: 'core', tool: editFileTool },
    { place: "the API's code", tool: globTool },
    { place: "the API's code", tool: writeFileTool },
    { place: "the API's code", tool: proposeFixTool },
    { place: "the API's code", tool: createTestFileTool },
  ],
  servedTools: () => [findHandlerTool],
});
