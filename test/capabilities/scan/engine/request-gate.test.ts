import { describe, expect, it } from 'vitest';
import { RequestGate } from '../../../../src/capabilities/scan/engine/request-gate.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const turns = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestGate: requests side by side, a timing proof alone', () => {
  it('lets requests run side by side', async () => {
    const gate = new RequestGate();
    const events: string[] = [];
    const first = deferred();
    const a = gate.through(async () => {
      events.push('a starts');
      await first.promise;
      events.push('a ends');
    });
    const b = gate.through(async () => events.push('b runs'));
    await b;
    first.resolve();
    await a;
    expect(events).toEqual(['a starts', 'b runs', 'a ends']);
  });

  it('starts the work alone once the requests in flight have ended, and holds the others back until it ends', async () => {
    const gate = new RequestGate();
    const events: string[] = [];
    const inFlight = deferred();
    const timed = deferred();
    const before = gate.through(async () => {
      events.push('request in flight');
      await inFlight.promise;
      events.push('request ends');
    });
    const proof = gate.alone(async () => {
      events.push('proof starts');
      await gate.through(async () => events.push("the proof's own request"));
      await timed.promise;
      events.push('proof ends');
    });
    const after = gate.through(async () => events.push('later request'));
    await turns();
    expect(events).toEqual(['request in flight']);
    inFlight.resolve();
    await before;
    await turns();
    expect(events).toEqual(['request in flight', 'request ends', 'proof starts', "the proof's own request"]);
    timed.resolve();
    await Promise.all([proof, after]);
    expect(events.slice(-2)).toEqual(['proof ends', 'later request']);
  });

  it('runs one work alone at a time, and work alone inside work alone at once', async () => {
    const gate = new RequestGate();
    const events: string[] = [];
    const first = deferred();
    const one = gate.alone(async () => {
      events.push('one starts');
      await gate.alone(async () => events.push('one, nested'));
      await first.promise;
      events.push('one ends');
    });
    const two = gate.alone(async () => events.push('two runs'));
    await turns();
    first.resolve();
    await Promise.all([one, two]);
    expect(events).toEqual(['one starts', 'one, nested', 'one ends', 'two runs']);
  });

  it('opens again when the work alone fails', async () => {
    const gate = new RequestGate();
    await expect(gate.alone(() => Promise.reject(new Error('no answer')))).rejects.toThrow('no answer');
    await expect(gate.through(async () => 'sent')).resolves.toBe('sent');
  });

  it("passes a gate's work alone through another gate's work alone inside it", async () => {
    const outer = new RequestGate();
    const inner = new RequestGate();
    const events: string[] = [];
    await outer.alone(() =>
      inner.alone(async () => {
        await outer.through(async () => events.push("outer's request"));
        await inner.through(async () => events.push("inner's request"));
      }),
    );
    expect(events).toEqual(["outer's request", "inner's request"]);
  });
});
