import { z } from 'zod';
import type { Preview } from '../../../kit/tool/preview.js';
import { EditMatchError, type EditOutcome, applyEdit } from '../../../engines/code/apply-edit.js';
import { toLf, withLineEnding } from '../../../engines/code/line-endings.js';
import { countChanges, unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { type FileToChange, loadFileToChange, writeFileToChange } from './file-to-change.js';
import { recordFileVersion } from '../../../kit/tool-support/read-before-change.js';
import { type ToolContext, ToolError, defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';
import type { ToolResult } from '../../../kit/tool/tool-result.js';
import type { FileChangeDetails } from '../../../workspace/tool-result-details.js';
import { changedFileFacts } from './changed-file.js';

const MAX_DIFF_LINES_SHOWN = 40;

const schema = z.strictObject({
  path: z.string().min(1).describe('relative to the project root; read it first'),
  old_string: z.string().describe('text to replace, copied without line numbers; enough lines to be unique'),
  new_string: z.string().describe('text to put in its place (empty deletes)'),
  replace_all: z.boolean().optional().describe('replace every occurrence, not exactly one'),
});

type EditArgs = z.infer<typeof schema>;

interface PlannedEdit {
  file: FileToChange & { text: string };
  outcome: EditOutcome;
}

export const editFileTool = defineTool({
  name: 'edit_file',
  description: 'Replace text in a file read before: old_string must occur once (or set replace_all); whitespace-tolerant.',
  schema,
  kind: 'write',
  target: pathTarget('path'),
  facts: changedFileFacts,
  async preview(args, ctx): Promise<Preview> {
    const { file, outcome } = await planEdit(args, ctx);
    return { kind: 'diff', path: file.target.relative, diff: await unifiedDiff(file.target.relative, file.text, outcome.text), isNew: false };
  },
  async run(args, ctx) {
    const { file, outcome } = await planEdit(args, ctx);
    ctx.signal.throwIfAborted();
    const content = withLineEnding(outcome.text, file.ending);
    await writeFileToChange(file, content);
    await recordFileVersion(ctx.session.fileReads, file.target, content);
    return describeEdit(file, outcome);
  },
});

/** Computes the edit from the file as it is now; `run` repeats it, so what is written is what was approved or nothing. */
async function planEdit(args: EditArgs, ctx: ToolContext): Promise<PlannedEdit> {
  const file = await loadFileToChange(ctx, args.path, 'edit_file');
  if (file.text === undefined) throw new ToolError(`no such file: ${file.target.relative} (write_file creates files)`);
  try {
    const crlf = file.ending === 'crlf';
    const outcome = applyEdit(file.text, {
      oldString: crlf ? toLf(args.old_string) : args.old_string,
      newString: crlf ? toLf(args.new_string) : args.new_string,
      replaceAll: args.replace_all,
    });
    return { file: { ...file, text: file.text }, outcome };
  } catch (error) {
    if (error instanceof EditMatchError) throw new ToolError(`${file.target.relative}: ${error.message}`);
    throw error;
  }
}

async function describeEdit(file: PlannedEdit['file'], outcome: EditOutcome): Promise<ToolResult<FileChangeDetails>> {
  const { added, removed } = await countChanges(file.text, outcome.text);
  const count = outcome.lines.length;
  const where = `${count === 1 ? '1 occurrence at line' : `${count} occurrences at lines`} ${outcome.lines.join(', ')}`;
  const how = outcome.tolerant ? '; matched with whitespace ignored and re-indented to the surrounding code' : '';
  const diffLines = (await unifiedDiff(file.target.relative, file.text, outcome.text)).split('\n').slice(2);
  if (diffLines.at(-1) === '') diffLines.pop();
  const shown = diffLines.slice(0, MAX_DIFF_LINES_SHOWN);
  if (diffLines.length > shown.length) shown.push(`… ${diffLines.length - shown.length} more diff lines`);
  return {
    text: `Edited ${file.target.relative}: replaced ${where} (+${added} −${removed})${how}\n${shown.join('\n')}`,
    details: { kind: 'file_change', path: file.target.relative, created: false, linesAdded: added, linesRemoved: removed },
  };
}
