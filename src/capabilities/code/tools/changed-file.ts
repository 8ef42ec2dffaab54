import { type CallFacts, type CallInHistory, factArgument } from '../../../kit/tool/call-facts.js';

// What the tools that write a file (write_file, edit_file, create_test_file) share about the file they changed.

/** The fact a checkpoint keeps of a successful call: the file changed. */
export function changedFileFacts({ args, ok }: CallInHistory): CallFacts {
  const path = factArgument(args, 'path');
  return ok && path ? { filesChanged: [path] } : {};
}

/** Lines of a file's text, a last line without its line break counted. */
export function countLines(content: string): number {
  if (content === '') return 0;
  return content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
}
