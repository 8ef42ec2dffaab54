import { readFile } from 'node:fs/promises';
import { looksBinary } from '../engines/code/binary-content.js';
import { resolveInsideProject } from '../safety/project-path.js';
import { extractAttachments } from './input/attachments.js';
import { type AttachedFile, attachedFileBlock, lineCount, messageWithFiles } from './state/attached-file-blocks.js';

const MAX_ATTACHMENT_KB = 100;

export interface AttachedMessage {
  /** What the model receives: the user's text, then each attached file. */
  message: string;
  attached: AttachedFile[];
  problems: string[];
}

/** Reads the `@path` files a message names and appends them, so the model sees their content. */
export async function attachFiles(projectRoot: string, text: string): Promise<AttachedMessage> {
  const attached: AttachedFile[] = [];
  const problems: string[] = [];
  const blocks: string[] = [];
  for (const token of extractAttachments(text)) {
    try {
      const file = await resolveInsideProject(projectRoot, token);
      const bytes = await readFile(file.absolute);
      if (looksBinary(bytes)) throw new Error('it is a binary file');
      const truncated = bytes.length > MAX_ATTACHMENT_KB * 1024;
      const content = bytes.subarray(0, MAX_ATTACHMENT_KB * 1024).toString('utf8');
      blocks.push(attachedFileBlock(file.relative, content, truncated ? MAX_ATTACHMENT_KB : undefined));
      attached.push({ path: file.relative, lines: lineCount(content), ...(truncated && { truncatedAtKb: MAX_ATTACHMENT_KB }) });
    } catch (error) {
      problems.push(`@${token}: ${(error as Error).message}`);
    }
  }
  return { message: messageWithFiles(text, blocks), attached, problems };
}
