/** The change a model proposed, as the fields edit_file takes. */
export interface ProposedEdit {
  oldString: string;
  newString: string;
  explanation?: string;
}

export type FixReply = { ok: true; edit: ProposedEdit } | { ok: false; problem: string };

const FENCED = /```[\w-]*[ \t]*\n([\s\S]*?)\n?```/g;

/**
 * Reads `{"old_string", "new_string", "explanation"}` out of a model's reply: from a fenced block
 * (a ```json one first), else from the outermost braces of the text.
 */
export function parseFixReply(reply: string): FixReply {
  const blocks = [...reply.matchAll(FENCED)].map((match) => ({ tagged: /^```json/i.test(match[0]), body: match[1] ?? '' }));
  const candidates = [...blocks.filter((block) => block.tagged), ...blocks.filter((block) => !block.tagged)].map((block) => block.body);
  const braces = reply.slice(reply.indexOf('{'), reply.lastIndexOf('}') + 1);
  if (braces) candidates.push(braces);
  let problem = 'the reply holds no JSON object with old_string and new_string';
  for (const candidate of candidates) {
    const parsed = parseObject(candidate);
    if (parsed === undefined) {
      problem = 'the JSON in the reply does not parse';
      continue;
    }
    const oldString = parsed.old_string ?? parsed.oldString;
    const newString = parsed.new_string ?? parsed.newString;
    if (typeof oldString !== 'string' || typeof newString !== 'string') {
      problem = 'old_string and new_string must both be strings';
      continue;
    }
    const explanation = typeof parsed.explanation === 'string' && parsed.explanation.trim() ? parsed.explanation.trim() : undefined;
    return { ok: true, edit: { oldString, newString, explanation } };
  }
  return { ok: false, problem };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
