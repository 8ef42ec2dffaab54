import path from 'node:path';
import { z } from 'zod';
import { readKnowledge, updateKnowledgeSection, withKnowledgeSection } from '../workspace/knowledge-file.js';
import { type MemoryFact, forgetFact, readFacts, recallFacts, rememberFact } from '../workspace/memory-store.js';
import { guardedChangePreview } from './support/guarded-falcon-files.js';
import { defineActions } from './support/tool-actions.js';
import { ToolError, type ToolContext, defineTool } from './tool.js';
import { toToolError } from './support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../safety/mask-keeping-placeholders.js';
import { secretLines } from '../safety/secret-lines.js';

const MAX_FACT_CHARS = 500;
const MAX_RECALLED = 50;

const actions = defineActions(
  'memory',
  {
    query: z.string().describe('words to look for; none: every fact'),
    fact: z.string().describe(`one short fact, e.g. "POST /orders needs an Idempotency-Key header" (≤ ${MAX_FACT_CHARS} chars)`),
    id: z.string().describe('the fact id, e.g. "f3"'),
    section: z.string().describe('.falcon/falcon.md section, e.g. "Auth" or "Known errors"'),
    content: z.string().describe("the section's new Markdown body (replaces the old)"),
  },
  (action) => ({
    recall: action({ optional: ['query'], run: ({ query }, ctx) => recall(query, ctx) }),
    save: action({ required: ['fact'], description: 'kept in ~/.falcon/memory.json', run: ({ fact }, ctx) => save(fact, ctx) }),
    forget: action({
      required: ['id'],
      async run({ id }, ctx) {
        const fact = await forgetFact(ctx.falconHome, id);
        if (!fact) throw new ToolError(`No fact with id "${id}"; recall or list shows the ids.`);
        return `Forgot ${fact.id}: ${fact.text}`;
      },
    }),
    list: action({ run: (_args, ctx) => recall(undefined, ctx) }),
    update_knowledge: action({
      required: ['section', 'content'],
      async preview({ section, content }, ctx) {
        if (secretLines(content).length > 0) return undefined; // run() refuses it without asking
        try {
          const before = await readKnowledge(ctx.projectRoot);
          return await guardedChangePreview('falcon.md', before, withKnowledgeSection(before, section, content).text);
        } catch {
          return undefined; // run() says what is wrong
        }
      },
      run: ({ section, content }, ctx) => updateKnowledge(section, content, ctx),
    }),
  }),
);

// Facts need no approval (memory.json is Falcon's own, and facts reach the prompt framed as data);
// a change of falcon.md does, as with falcon_write (see guarded-falcon-files.ts).
export const memoryTool = defineTool({
  name: 'memory',
  description: 'Remember, recall and forget facts across sessions; keep .falcon/falcon.md (what is known about this API) up to date.',
  schema: actions.schema,
  kind: 'write',
  approvalWhen: 'to change .falcon/falcon.md',
  preview: actions.preview,
  async run(args, ctx) {
    try {
      return maskKeepingPlaceholders(await actions.run(args, ctx));
    } catch (error) {
      throw toToolError(error);
    }
  },
});

async function recall(query: string | undefined, ctx: ToolContext): Promise<string> {
  const facts = await readFacts(ctx.falconHome);
  const found = recallFacts(facts, query, ctx.projectRoot);
  if (facts.length === 0) return 'Nothing remembered yet.';
  if (found.length === 0) return `No fact matches "${query}" (${facts.length} remembered; recall without a query shows them all).`;
  const shown = found.slice(0, MAX_RECALLED);
  const title = query ? `${found.length} of ${facts.length} facts match "${query}"` : `${facts.length} remembered fact${facts.length > 1 ? 's' : ''}`;
  const more = found.length > shown.length ? [`… ${found.length - shown.length} more; narrow the query`] : [];
  return [`${title}:`, ...shown.map((fact) => describeFact(fact, ctx.projectRoot)), ...more].join('\n');
}

async function save(fact: string, ctx: ToolContext): Promise<string> {
  const text = fact.trim();
  if (!text) throw new ToolError('save needs a fact with some text.');
  if (text.length > MAX_FACT_CHARS) throw new ToolError(`the fact is ${text.length} characters; keep it under ${MAX_FACT_CHARS} (one fact per save). Nothing was saved.`);
  refuseSecrets(text);
  const { fact: saved, added } = await rememberFact(ctx.falconHome, text, ctx.projectRoot);
  return added ? `Remembered ${saved.id}: ${saved.text}` : `Already remembered as ${saved.id}: ${saved.text}`;
}

async function updateKnowledge(section: string, content: string, ctx: ToolContext): Promise<string> {
  refuseSecrets(content);
  const { change, title } = await updateKnowledgeSection(ctx.projectRoot, section, content);
  return {
    replaced: `Replaced the section "## ${title}" in .falcon/falcon.md.`,
    added: `Added the section "## ${title}" to .falcon/falcon.md.`,
    created: `Created .falcon/falcon.md with the section "## ${title}".`,
  }[change];
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
