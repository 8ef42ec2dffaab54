/**
 * Where ↑/↓ stand in the input history: `index` is the recalled entry (absent while editing the
 * draft), `draft` what was typed before the first ↑, given back after the newest entry.
 */
export interface HistoryRecall {
  readonly index?: number;
  readonly draft: string;
}

export const NOT_RECALLING: HistoryRecall = { draft: '' };

export interface Recalled {
  recall: HistoryRecall;
  text: string;
}

/** One entry older, or undefined when there is none. `entries` run oldest first. */
export function recallOlder(recall: HistoryRecall, entries: readonly string[], currentText: string): Recalled | undefined {
  if (recall.index === undefined) {
    const newest = entries.length - 1;
    return newest < 0 ? undefined : { recall: { index: newest, draft: currentText }, text: entries[newest] as string };
  }
  const index = recall.index - 1;
  return index < 0 ? undefined : { recall: { index, draft: recall.draft }, text: entries[index] as string };
}

/** One entry newer; after the newest, the draft. Undefined when not recalling. */
export function recallNewer(recall: HistoryRecall, entries: readonly string[]): Recalled | undefined {
  if (recall.index === undefined) return undefined;
  const index = recall.index + 1;
  if (index >= entries.length) return { recall: NOT_RECALLING, text: recall.draft };
  return { recall: { index, draft: recall.draft }, text: entries[index] as string };
}
