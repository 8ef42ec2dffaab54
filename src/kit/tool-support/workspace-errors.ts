import { ToolError } from '../tool/tool.js';

// Expected failures of the workspace and http engines: their messages are the whole observation.
const EXPECTED = new Set([
  'SavedRequestError',
  'EnvironmentFileError',
  'GlobalVariablesError',
  'MemoryFileError',
  'KnowledgeSectionError',
  'ProjectPathError',
  'UnknownVariableError',
  'HttpRequestError',
  'SessionNotFoundError',
  'SavedAssertionsError',
  'AssertionSpecError',
  'JsonPathError',
]);

/** The error as a ToolError when it is an expected one; anything else unchanged. */
export function toToolError(error: unknown): unknown {
  if (error instanceof Error && EXPECTED.has(error.name)) return new ToolError(error.message);
  return error;
}
