import { z } from 'zod';
import type { Preview } from '../../../kit/tool/preview.js';
import { toLf, withLineEnding } from '../../../engines/code/line-endings.js';
import { countChanges, unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { loadFileToChange, writeFileToChange } from './file-to-change.js';
import { recordFileVersion } from '../../../kit/tool-support/read-before-change.js';
import { defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { FileChangeDetails } from '../../../workspace/tool-result-details.js';
import { changedFileFacts, countLines } from './changed-file.js';

const schema = z.strictObject({
  path: z.string().min(1).describe('file to create or replace, relative to the project root'),
  content: z.string().describe('the complete new content of the file'),
});

export const writeFileTool = defineTool({
  name: 'write_file',
  description: 'Create a file or replace its whole content (read an existing file first).',
  schema,
  kind: 'write',
  target: pathTarget('path'),
  facts: changedFileFacts,
  async preview(args, ctx): Promise<Preview> {
    const file = await loadFileToChange(ctx, args.path, 'write_file');
    const diff = await unifiedDiff(file.target.relative, file.text, toLf(args.content));
    return { kind: 'diff', path: file.target.relative, diff, isNew: file.text === undefined };
  },
  async run(args, ctx): Promise<ToolResult<FileChangeDetails>> {
    const file = await loadFileToChange(ctx, args.path, 'write_file');
    ctx.signal.throwIfAborted();
    // A CRLF file stays CRLF when the model writes it back with \n endings.
    const content = file.text === undefined ? args.content : withLineEnding(args.content, file.ending);
    await writeFileToChange(file, content);
    await recordFileVersion(ctx.session.fileReads, file.target, content);
    const count = countLines(content);
    const lines = `${count} line${count === 1 ? '' : 's'}`;
    const path = file.target.relative;
    if (file.text === undefined) {
      return { text: `Created ${path} (${lines})`, details: { kind: 'file_change', path, created: true, linesAdded: count, linesRemoved: 0 } };
    }
    const { added, removed } = await countChanges(file.text, toLf(content));
    return {
      text: `Wrote ${path} (${lines}, +${added} −${removed})`,
      details: { kind: 'file_change', path, created: false, linesAdded: added, linesRemoved: removed },
    };
  },
});
