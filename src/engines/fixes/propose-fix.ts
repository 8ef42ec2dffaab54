import type { ChatMessage } from '../../llm/chat-message.js';
import type { ChatModel } from '../../llm/chat-model.js';
import { EditMatchError, type EditOutcome, applyEdit } from '../code/apply-edit.js';
import { type ProposedEdit, parseFixReply } from './fix-reply.js';

/** Larger files would crowd out the model's context; the fix for them is an edit_file by hand. */
export const MAX_FIX_FILE_CHARS = 100_000;
/** The first reply, and one more after telling the model what was wrong with it. */
const MAX_ATTEMPTS = 2;

const INSTRUCTIONS = `You fix one problem in one source file by replacing one piece of it.
Reply with one JSON object in a \`\`\`json fenced block, and nothing else:
{"old_string": "…", "new_string": "…", "explanation": "…"}
- old_string: text copied exactly from the file (same indentation, no line numbers) that occurs exactly once in it; include a neighbouring line when a line repeats.
- new_string: what replaces old_string. Change only what the problem needs, in the file's own style.
- explanation: one sentence: what the change does and why it fixes the problem.`;

export interface FixRequest {
  model: ChatModel;
  /** As the user knows the file, e.g. `src/users.ts`. */
  path: string;
  /** The file's content, `\n` line endings. */
  text: string;
  problem: string;
  signal: AbortSignal;
}

export interface FixProposal extends ProposedEdit {
  /** The file after the change, exactly as edit_file will make it. */
  edited: EditOutcome;
  /** Model calls it took. */
  attempts: number;
}

/** The model could not propose a change that applies to the file; the message says why. */
export class FixProposalError extends Error {
  override name = 'FixProposalError';
}

/** Asks the model for an old_string/new_string pair and checks that it applies to the file once. */
export async function proposeFix(request: FixRequest): Promise<FixProposal> {
  if (request.text.length > MAX_FIX_FILE_CHARS) {
    throw new FixProposalError(
      `${request.path} is too large to propose a fix for (${Math.round(request.text.length / 1024)} KB; at most ${MAX_FIX_FILE_CHARS / 1000} KB)`,
    );
  }
  const messages: ChatMessage[] = [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: describeTask(request) },
  ];
  let problem = '';
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { text: reply } = await request.model.chat({ messages, signal: request.signal });
    const checked = checkReply(reply, request.text);
    if ('edited' in checked) return { ...checked.edit, edited: checked.edited, attempts: attempt };
    problem = checked.problem;
    messages.push(
      { role: 'assistant', content: reply },
      { role: 'user', content: `That change cannot be applied: ${problem}. Reply again with the corrected JSON block only.` },
    );
  }
  throw new FixProposalError(`the model's change does not apply to ${request.path}: ${problem} (after ${MAX_ATTEMPTS} attempts)`);
}

function checkReply(reply: string, text: string): { edit: ProposedEdit; edited: EditOutcome } | { problem: string } {
  const parsed = parseFixReply(reply);
  if (!parsed.ok) return { problem: parsed.problem };
  try {
    return { edit: parsed.edit, edited: applyEdit(text, { oldString: parsed.edit.oldString, newString: parsed.edit.newString }) };
  } catch (error) {
    // propose_fix changes one place; edit_file's replace_all is no way out here.
    if (error instanceof EditMatchError) return { problem: error.message.replace(/, or set replace_all[^.;]*/, '') };
    throw error;
  }
}

function describeTask({ path, text, problem }: FixRequest): string {
  const longestTicks = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longestTicks + 1);
  return `File: ${path}\n${fence}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}\n\nProblem: ${problem}`;
}
