import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { looksBinary } from '../../../engines/code/binary-content.js';
import { toLf } from '../../../engines/code/line-endings.js';
import { FixProposalError, type FixProposal, proposeFix } from '../../../engines/fixes/propose-fix.js';
import { resolveInsideProject } from '../../../safety/project-path.js';
import { countChanges, unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { recordFileVersion } from '../../../kit/tool-support/read-before-change.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { pathTarget } from '../../../kit/tool/tool-target.js';

const schema = z.strictObject({
  path: z.string().min(1).describe('the file to fix, relative to the project root'),
  problem: z.string().min(1).describe('what is wrong and, when known, why: e.g. the error, file:line and cause from analyze_failure'),
});

export const proposeFixTool = defineTool({
  name: 'propose_fix',
  description: 'Get a fix of one file as a diff and the edit_file call that applies it (writes nothing).',
  schema,
  kind: 'read',
  target: pathTarget('path'),
  readOnly: true,
  callLimit: 10,
  async run(args, ctx) {
    if (!ctx.model) {
      throw new ToolError('propose_fix needs a model to write the change and none is available here; read the file and call edit_file with the change instead');
    }
    const target = await resolveInsideProject(ctx.projectRoot, args.path);
    const info = await stat(target.absolute);
    if (!info.isFile()) throw new ToolError(`${target.relative} is not a file; give the file to fix`);
    const bytes = await readFile(target.absolute);
    if (looksBinary(bytes)) throw new ToolError(`${target.relative} is a binary file; propose_fix changes text files only`);
    const text = toLf(bytes.toString('utf8'));
    ctx.progress(`asking the model for a fix of ${target.relative}`);
    let proposal: FixProposal;
    try {
      proposal = await proposeFix({ model: ctx.model, path: target.relative, text, problem: args.problem, signal: ctx.signal });
    } catch (error) {
      if (error instanceof FixProposalError) throw new ToolError(error.message);
      throw error;
    }
    // The proposal was checked against this version of the file: edit_file may apply it unless the file changes.
    await recordFileVersion(ctx.session.fileReads, target, bytes);
    return describeProposal(target.relative, text, proposal);
  },
});

async function describeProposal(relative: string, before: string, proposal: FixProposal): Promise<string> {
  const { added, removed } = await countChanges(before, proposal.edited.text);
  const where = `line ${proposal.edited.lines[0]}${proposal.edited.tolerant ? ', matched with whitespace ignored' : ''}`;
  const call = JSON.stringify({ path: relative, old_string: proposal.oldString, new_string: proposal.newString });
  return [
    `Proposed fix for ${relative} (+${added} −${removed} at ${where})${proposal.explanation ? `: ${proposal.explanation}` : ''}`,
    '',
    (await unifiedDiff(relative, before, proposal.edited.text)).trimEnd(),
    '',
    'Nothing is written yet. To apply it (the user sees this diff and approves or declines):',
    `ACTION: edit_file(${call})`,
  ].join('\n');
}
