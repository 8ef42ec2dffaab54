import path from 'node:path';
import { z } from 'zod';
import { readKnowledge, updateKnowledgeSection, withKnowledgeSection } from '../workspace/knowledge-file.js';
import { type MemoryFact, forgetFact, readFacts, recallFacts, rememberFact } from '../workspace/memory-store.js';
import { checkActionArgs } from './support/action-args.js';
import { guardedChangePreview } from './support/guarded-falcon-files.js';
import { ToolError, type ToolContext, defineTool } from './tool.js';
import { toToolError } from './support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../safety/mask-keeping-placeholders.js';
import { secretLines } from '../safety/secret-lines.js';

const MAX_FACT_CHARS = 500;
const MAX_RECALLED = 50;

const schema = z.strictObject({
  action: z
    .enum(['recall', 'save', 'forget', 'list', 'update_knowledge'])
    .describe('facts live in ~/.falcon/memory.json; update_knowledge edits a section of .falcon/falcon.md'),
  query: z.string().optional().describe('recall: words to look for; none: every fact'),
  fact: z.string().optional().describe(`save: one short fact, e.g. "POST /orders needs an Idempotency-Key header" (≤ ${MAX_FACT_CHARS} chars)`),
  id: z.string().optional().describe('forget: the fact id, e.g. "f3"'),
  section: z.string().optional().describe('update_knowledge: falcon.md section, e.g. "Auth" or "Known errors"'),
  content: z.string().optional().describe("update_knowledge: the section's new Markdown body (replaces the old)"),
});

type MemoryArgs = z.infer<typeof schema>;

// Facts need no approval (memory.json is Falcon's own, and facts reach the prompt framed as data);
// a change of falcon.md does, as with falcon_write (see guarded-falcon-files.ts).
export const memoryTool = defineTool({
  name: 'memory',
  description: 'Remember, recall and forget facts across sessions; keep .falcon/falcon.md (what is known about this API) up to date.',
  schema,
  kind: 'write',
  approvalWhen: 'to change .falcon/falcon.md',
  async preview(args, ctx) {
    if (args.action !== 'update_knowledge' || args.section === undefined || args.content === undefined) return undefined;
    if (secretLines(args.content).length > 0) return undefined; // run() refuses it without asking
    try {
      const before = await readKnowledge(ctx.projectRoot);
      return await guardedChangePreview('falcon.md', before, withKnowledgeSection(before, args.section, args.content).text);
    } catch {
      return undefined; // run() says what is wrong
    }
  },
  async run(args, ctx) {
    checkActionArgs('memory', args, {
      recall: { optional: ['query'] },
      save: { required: ['fact'] },
      forget: { required: ['id'] },
      list: {},
      update_knowledge: { required: ['section', 'content'] },
    });
    try {
      return maskKeepingPlaceholders(await act(args, ctx));
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function act(args: MemoryArgs, ctx: ToolContext): Promise<string> {
  const home = ctx.falconHome;
  switch (args.action) {
    case 'recall':
    case 'list': {
      const facts = await readFacts(home);
      const found = recallFacts(facts, args.query, ctx.projectRoot);
      if (facts.length === 0) return 'Nothing remembered yet.';
      if (found.length === 0) return `No fact matches "${args.query}" (${facts.length} remembered; recall without a query shows them all).`;
      const shown = found.slice(0, MAX_RECALLED);
      const title = args.query ? `${found.length} of ${facts.length} facts match "${args.query}"` : `${facts.length} remembered fact${facts.length > 1 ? 's' : ''}`;
      const more = found.length > shown.length ? [`… ${found.length - shown.length} more; narrow the query`] : [];
      return [`${title}:`, ...shown.map((fact) => describeFact(fact, ctx.projectRoot)), ...more].join('\n');
    }
    case 'save': {
      const text = (args.fact ?? '').trim();
      if (!text) throw new ToolError('save needs a fact with some text.');
      if (text.length > MAX_FACT_CHARS) throw new ToolError(`the fact is ${text.length} characters; keep it under ${MAX_FACT_CHARS} (one fact per save). Nothing was saved.`);
      refuseSecrets(text);
      const { fact, added } = await rememberFact(home, text, ctx.projectRoot);
      return added ? `Remembered ${fact.id}: ${fact.text}` : `Already remembered as ${fact.id}: ${fact.text}`;
    }
    case 'forget': {
      const fact = await forgetFact(home, args.id ?? '');
      if (!fact) throw new ToolError(`No fact with id "${args.id}"; recall or list shows the ids.`);
      return `Forgot ${fact.id}: ${fact.text}`;
    }
    case 'update_knowledge': {
      refuseSecrets(args.content ?? '');
      const { change, title } = await updateKnowledgeSection(ctx.projectRoot, args.section ?? '', args.content ?? '');
      return {
        replaced: `Replaced the section "## ${title}" in .falcon/falcon.md.`,
        added: `Added the section "## ${title}" to .falcon/falcon.md.`,
        created: `Created .falcon/falcon.md with the section "## ${title}".`,
      }[change];
    }
  }
}

function describeFact(fact: MemoryFact, projectRoot: string): string {
  const elsewhere = fact.project && fact.project !== projectRoot ? ` (from ${path.basename(fact.project)})` : '';
  return `- ${fact.id}: ${fact.text}${elsewhere}`;
}

function refuseSecrets(text: string): void {
  const found = secretLines(text);
  if (found.length > 0) {
    throw new ToolError(`Not saved: it holds a secret in clear (${found.slice(0, 3).join('; ')}). Describe it, or name its variable, e.g. {{API_TOKEN}}.`);
  }
}
