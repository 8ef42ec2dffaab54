import path from 'node:path';
import { z } from 'zod';
import { readKnowledge, updateKnowledgeSection, withKnowledgeSection } from '../../../workspace/knowledge-file.js';
import {
  type MemoryFact,
  findSameFact,
  forgetFact,
  memoryFile,
  memoryFileText,
  newFact,
  readFacts,
  recallFacts,
  rememberFact,
} from '../../../workspace/memory-store.js';
import type { Preview } from '../../../kit/tool/preview.js';
import { displayPath } from '../../../config/falcon-home.js';
import { unifiedDiff } from '../../../kit/tool-support/file-diff.js';
import { guardedChangePreview } from './guarded-falcon-files.js';
import { defineActions } from '../../../kit/tool-support/tool-actions.js';
import { ToolError, type ToolContext, defineTool } from '../../../kit/tool/tool.js';
import { toToolError } from '../../../kit/tool-support/workspace-errors.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { maskedResult } from '../../../kit/tool/tool-result.js';
import { secretLines } from '../../../safety/secret-lines.js';

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
    recall: action({ optional: ['query'], readOnly: true, run: ({ query }, ctx) => recall(query, ctx) }),
    save: action({
      required: ['fact'],
      description: 'kept in ~/.falcon/memory.json',
      preview: ({ fact }, ctx) => savePreview(fact, ctx),
      run: ({ fact }, ctx) => save(fact, ctx),
    }),
    forget: action({
      required: ['id'],
      preview: ({ id }, ctx) => forgetPreview(id, ctx),
      async run({ id }, ctx) {
        const fact = await forgetFact(ctx.falconHome, id);
        if (!fact) throw new ToolError(`No fact with id "${id}"; recall or list shows the ids.`);
        return `Forgot ${fact.id}: ${fact.text}`;
      },
    }),
    list: action({ readOnly: true, run: (_args, ctx) => recall(undefined, ctx) }),
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

// Remembered facts and falcon.md are read into every later session's prompt: an instruction planted
// in either (by an API response the model obeyed) would persist, so every change is approved first,
// as with falcon_write (see guarded-falcon-files.ts). Recalling needs no approval.
export const memoryTool = defineTool({
  name: 'memory',
  description: 'Remember, recall and forget facts across sessions; keep .falcon/falcon.md (what is known about this API) up to date.',
  schema: actions.schema,
  readOnly: actions.readOnly,
  kind: 'write',
  approvalWhen: 'to save or forget a fact, or to change .falcon/falcon.md',
  preview: actions.preview,
  async run(args, ctx) {
    try {
      return maskedResult(await actions.run(args, ctx), maskKeepingPlaceholders);
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

/**
 * Why every change of the remembered facts is asked about, as a change of falcon.md is: with a `why`,
 * no mode but yolo, no allow rule and no "always" approves it (agent/approval/permissions/protected-files.ts).
 */
const FACTS_ASK = 'it is read into the prompt of every later session in this project';

/** The change of memory.json the user approves before a fact is kept; undefined when run() would keep nothing (refused, or already remembered). */
async function savePreview(fact: string, ctx: ToolContext): Promise<Preview | undefined> {
  try {
    const text = checkedFact(fact);
    const facts = await readFacts(ctx.falconHome);
    if (findSameFact(facts, text)) return undefined;
    return await factsChange(ctx, facts, [...facts, newFact(facts, text, ctx.projectRoot)]);
  } catch {
    return undefined; // run() says what is wrong
  }
}

async function forgetPreview(id: string, ctx: ToolContext): Promise<Preview | undefined> {
  const facts = await readFacts(ctx.falconHome).catch(() => []);
  if (!facts.some((candidate) => candidate.id === id)) return undefined; // run() says there is none
  return factsChange(
    ctx,
    facts,
    facts.filter((candidate) => candidate.id !== id),
  );
}

async function factsChange(ctx: ToolContext, before: readonly MemoryFact[], after: readonly MemoryFact[]): Promise<Preview> {
  const shown = displayPath(memoryFile(ctx.falconHome));
  const diff = await unifiedDiff(shown, before.length > 0 ? memoryFileText(before) : undefined, memoryFileText(after));
  return { kind: 'diff', path: shown, diff, isNew: before.length === 0, why: FACTS_ASK };
}

async function save(fact: string, ctx: ToolContext): Promise<string> {
  const { fact: saved, added } = await rememberFact(ctx.falconHome, checkedFact(fact), ctx.projectRoot);
  return added ? `Remembered ${saved.id}: ${saved.text}` : `Already remembered as ${saved.id}: ${saved.text}`;
}

function checkedFact(fact: string): string {
  const text = fact.trim();
  if (!text) throw new ToolError('save needs a fact with some text.');
  if (text.length > MAX_FACT_CHARS)
    throw new ToolError(`the fact is ${text.length} characters; keep it under ${MAX_FACT_CHARS} (one fact per save). Nothing was saved.`);
  refuseSecrets(text);
  return text;
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
