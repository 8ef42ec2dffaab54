import type { ChatModel } from './chat-model.js';

export interface BriefQuestion {
  /** The system message: the role, what the facts are, the shape of the answer. */
  instructions: string;
  /** What a tool found, as text. */
  facts: string;
  /** The answer is cut here, marked with `…`. */
  maxChars: number;
  signal: AbortSignal;
}

/** One model call for a short answer about facts a tool found (an explanation, a review). */
export async function askBriefly(model: ChatModel, question: BriefQuestion): Promise<string> {
  const { text } = await model.chat({
    messages: [
      { role: 'system', content: question.instructions },
      { role: 'user', content: question.facts },
    ],
    signal: question.signal,
  });
  const answer = text.trim();
  return answer.length > question.maxChars ? `${answer.slice(0, question.maxChars)}…` : answer;
}
