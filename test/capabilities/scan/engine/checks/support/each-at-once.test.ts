import { describe, expect, it } from 'vitest';
import { OPERATIONS_AT_ONCE, eachAtOnce, mapAtOnce } from '../../../../../../src/capabilities/scan/engine/checks/support/each-at-once.js';
import type { FindingDraft, ScanContext } from '../../../../../../src/capabilities/scan/engine/scan-context.js';

function recordingContext(): { ctx: ScanContext; reported: string[]; notes: string[] } {
  const reported: string[] = [];
  const notes: string[] = [];
  const ctx = { report: (draft: FindingDraft) => reported.push(draft.title), note: (text: string) => notes.push(text) } as unknown as ScanContext;
  return { ctx, reported, notes };
}

const draft = (title: string) => ({ title }) as FindingDraft;
const turns = (count: number) =>
  Array.from({ length: count }).reduce<Promise<unknown>>((before) => before.then(() => new Promise(setImmediate)), Promise.resolve());

describe('eachAtOnce: a check probes several operations at once', () => {
  it(`runs ${OPERATIONS_AT_ONCE} at a time and passes on what each reports in the order of the items, not of their ending`, async () => {
    const { ctx, reported, notes } = recordingContext();
    let running = 0;
    let most = 0;
    const items = Array.from({ length: OPERATIONS_AT_ONCE + 2 }, (_, index) => index);
    await eachAtOnce(ctx, items, async (item, own) => {
      most = Math.max(most, ++running);
      await turns(items.length - item);
      own.report(draft(`finding ${item}`));
      if (item % 4 === 0) own.note(`note ${item}`);
      running--;
    });
    expect(most).toBe(OPERATIONS_AT_ONCE);
    expect(reported).toEqual(items.map((item) => `finding ${item}`));
    expect(notes).toEqual(['note 0', 'note 4', 'note 8']);
  });

  it('gives back what each item returned in the order of the items, not of their ending', async () => {
    const { ctx } = recordingContext();
    const items = Array.from({ length: OPERATIONS_AT_ONCE * 2 }, (_, index) => index);
    const ended: number[] = [];
    const results = await mapAtOnce(ctx, items, async (item) => {
      await turns(items.length - item);
      ended.push(item);
      return `answer ${item}`;
    });
    expect(ended).not.toEqual(items);
    expect(results).toEqual(items.map((item) => `answer ${item}`));
  });

  it('starts no item after one fails, lets the running ones end, keeps what they reported and throws the failure', async () => {
    const { ctx, reported } = recordingContext();
    const started: number[] = [];
    const items = Array.from({ length: OPERATIONS_AT_ONCE + 3 }, (_, index) => index);
    const run = eachAtOnce(ctx, items, async (item, own) => {
      started.push(item);
      if (item === 1) throw new Error('the budget is spent');
      await turns(3);
      own.report(draft(`finding ${item}`));
    });
    await expect(run).rejects.toThrow('the budget is spent');
    const firstOnes = items.slice(0, OPERATIONS_AT_ONCE);
    expect(started).toEqual(firstOnes);
    expect(reported).toEqual(firstOnes.filter((item) => item !== 1).map((item) => `finding ${item}`));
  });
});
