import { readFile } from 'node:fs/promises';
import { looksBinary } from '../engines/code/binary-content.js';
import { resolveInsideProject } from '../safety/project-path.js';
import { extractAttachments } from './input/attachments.js';

const MAX_ATTACHMENT_BYTES = 100 * 1024;

export interface AttachedMessage {
  /** What the model receives: the user's text, then each attached file. */
  message: string;
  attached: string[];
  problems: string[];
}

/** Reads the `@path` files a message names and appends them, so the model sees their content. */
export async function attachFiles(projectRoot: string, text: string): Promise<AttachedMessage> {
  const attached: string[] = [];
  const problems: string[] = [];
  const blocks: string[] = [];
  for (const token of extractAttachments(text)) {
    try {
      const file = await resolveInsideProject(projectRoot, token);
      const bytes = await readFile(file.absolute);
      if (looksBinary(bytes)) throw new Error('it is a binary file');
      const truncated = bytes.length > MAX_ATTACHMENT_BYTES;
      const content = bytes.subarray(0, MAX_ATTACHMENT_BYTES).toString('utf8');
      const note = truncated ? `\n… (truncated at ${MAX_ATTACHMENT_BYTES / 1024} KB; use read_file for the rest)` : '';
      blocks.push(`<file path="${file.relative}">\n${content}${note}\n</file>`);
      attached.push(file.relative);
    } catch (error) {
      problems.push(`@${token}: ${(error as Error).message}`);
    }
  }
  const message = blocks.length ? `${text}\n\nAttached files:\n${blocks.join('\n')}` : text;
  return { message, attached, problems };
}
