import type { ConnectionCheck } from '../../llm/chat-model.js';
import type { Paint } from '../../config/paint.js';

/** `✓ openai: gpt-4o-mini is available (12 models listed)`, or `✗ openai: <problem>` and the hint under it. */
export function formatConnectionCheck(id: string, model: string, check: ConnectionCheck, paint: Paint): string[] {
  if (check.ok) {
    const listed = check.models === 1 ? '1 model listed' : `${check.models} models listed`;
    return [`${paint('green', '✓')} ${id}: ${model} is available (${listed})`];
  }
  return [`${paint('red', '✗')} ${id}: ${check.problem}`, `    ${paint('dim', check.hint)}`];
}
