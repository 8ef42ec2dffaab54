import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { checkFalconFile, formatOf } from '../../../workspace/check-falcon-file.js';
import { protectedReason, resolveFalconPath } from '../../../workspace/falcon-file-path.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import { unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { GUARDED_FILES_ASK, guardedChangePreview } from './guarded-falcon-files.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { falconPathTarget } from '../../../kit/tool/tool-target.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';

const schema = z.strictObject({
  path: z.string().min(1).describe('file inside .falcon/, e.g. "falcon.md", "flows/login.yaml" or "environments/staging.yaml"'),
  content: z.string().describe('the complete new content of the file; secrets as {{VAR}} placeholders'),
  format: z
    .enum(['yaml', 'json', 'markdown', 'text'])
    .optional()
    .describe('how to check the content before writing (default: from the file extension); yaml and json must parse'),
});

const FLOW_FILE = /^flows\/[^/]+\.ya?ml$/i;

// Most writes need no approval: falcon_write reaches only Falcon's own notes in .falcon/ — never
// the project's code, never config.yaml, memory.json or manifest.json, sessions/ or reports/ — checks
// the content before writing and replaces files in one step; asking about every note would teach
// users to approve without reading. The files that shape future sessions are the exception
// (guarded-falcon-files.ts), and so are the files the permissions protect (a script, a file a hook
// runs): the preview of any other change is `routine`, which the permissions approve unless they do.
export const falconWriteTool = defineTool({
  name: 'falcon_write',
  description: 'Create or replace a file in .falcon/ (notes, flows, environments, requests); YAML and JSON are checked first.',
  schema,
  kind: 'write',
  target: falconPathTarget('path'),
  approvalWhen: GUARDED_FILES_ASK,
  async preview(args, ctx) {
    const target = await resolveFalconPath(ctx.projectRoot, args.path, { forWrite: true }).catch(() => undefined);
    if (!target || target.relative === '.' || protectedReason(target)) return undefined; // run() refuses it
    const before = await readFile(target.absolute, 'utf8').catch(() => undefined);
    if (before === args.content) return undefined;
    const guarded = await guardedChangePreview(target.relative, before, args.content);
    if (guarded) return guarded;
    const shown = `.falcon/${target.relative}`;
    return { kind: 'diff', path: shown, diff: await unifiedDiff(shown, before, args.content), isNew: before === undefined, routine: true };
  },
  async run(args, ctx) {
    try {
      const target = await resolveFalconPath(ctx.projectRoot, args.path, { forWrite: true });
      const shown = `.falcon/${target.relative}`;
      if (target.relative === '.') throw new ToolError('falcon_write needs a file path inside .falcon/, not the folder itself');
      const refusal = protectedReason(target);
      if (refusal) throw new ToolError(`Not written: ${refusal}.`);
      const info = await stat(target.absolute).catch(() => undefined);
      if (info?.isDirectory()) throw new ToolError(`${shown} is a folder; give a file path`);
      const format = formatOf(target.relative, args.format);
      const problem = checkFalconFile(target.relative, args.content, format);
      if (problem) throw new ToolError(`Not written: ${shown}: ${problem}`);
      if (format === 'yaml' && FLOW_FILE.test(target.relative)) await checkFlowFile(args.content, shown);
      ctx.signal.throwIfAborted();
      await replaceFile(target.absolute, args.content);
      const lines = args.content === '' ? 0 : args.content.split('\n').length - (args.content.endsWith('\n') ? 1 : 0);
      return `${info ? 'Replaced' : 'Created'} ${shown} (${format}, ${lines} line${lines === 1 ? '' : 's'}).`;
    } catch (error) {
      throw toToolError(error);
    }
  },
});

/** A flow is checked against the flow format before it is saved: one that cannot run is not written. */
async function checkFlowFile(content: string, shown: string): Promise<void> {
  const [{ parseFlow }, { FlowValidationError }] = await Promise.all([
    import('../../../engines/flow-files/parse-flow.js'),
    import('../../../engines/flow-files/flow-problems.js'),
  ]);
  await parseFlow(content, shown).catch((error: unknown) => {
    if (error instanceof FlowValidationError) throw new ToolError(`Not written: ${shown} is not a valid flow:\n${error.message}`);
    throw error;
  });
}
