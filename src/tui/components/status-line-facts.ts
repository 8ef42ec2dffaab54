// The facts of the status line, and which of them give way first when the terminal is narrow.

export type StatusFactKind = 'mode' | 'model' | 'environment' | 'api' | 'context' | 'cost' | 'tokens' | 'toolCalls';

export interface StatusFact {
  kind: StatusFactKind;
  text: string;
}

/**
 * What stays longest, first: a permission mode other than `ask` changes what runs without asking;
 * how full the context is decides when the conversation is compacted; whether the API runs decides
 * what a request meets; the model and the environment say where requests go; what the session cost
 * so far is money; the token and tool-call counts are bookkeeping.
 */
export const STATUS_FACT_PRIORITY: readonly StatusFactKind[] = ['mode', 'context', 'api', 'model', 'environment', 'cost', 'tokens', 'toolCalls'];

export const STATUS_FACT_SEPARATOR = ' · ';

/**
 * The facts that fit in `width` columns once joined, in their own order: the least important are left
 * out first, and the one that stays alone is cut with `…` when even it is too long.
 */
export function fitStatusFacts(facts: readonly StatusFact[], width: number): string[] {
  const byPriority = [...facts].sort((a, b) => STATUS_FACT_PRIORITY.indexOf(a.kind) - STATUS_FACT_PRIORITY.indexOf(b.kind));
  for (let kept = byPriority.length; kept > 0; kept--) {
    const shown = new Set(byPriority.slice(0, kept));
    const texts = facts.filter((fact) => shown.has(fact)).map((fact) => fact.text);
    if (texts.join(STATUS_FACT_SEPARATOR).length <= width) return texts;
  }
  const [first] = byPriority;
  if (!first || width <= 0) return [];
  return [first.text.length <= width ? first.text : `${first.text.slice(0, Math.max(0, width - 1))}…`];
}
