import { describe, expect, it } from 'vitest';
import { reproduction } from '../../../../../src/capabilities/scan/engine/replay/replay-script.js';
import { sendStep } from '../../../../../src/capabilities/scan/engine/replay/replay-step.js';
import type { ScanExchange } from '../../../../../src/capabilities/scan/engine/scan-exchange.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';

const BASE = 'http://127.0.0.1:4010';

function exchange(method: string, path: string, token: string, status: number, answer: unknown, body?: string): ScanExchange {
  return {
    request: {
      method,
      url: `${BASE}${path}`,
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body }),
    },
    response: { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer), durationMs: 3 },
  };
}

function secrets(): SecretRegistry {
  const registry = new SecretRegistry();
  registry.register('alice-token-4f1c9a', 'token of alice');
  registry.register('bob-token-77e2b0c', 'token of bob');
  return registry;
}

describe('reproduction', () => {
  it("reads the id alice's create answered into a variable, and sends it as bob: each user's token their own variable", () => {
    const create = exchange('POST', '/notes', 'alice-token-4f1c9a', 201, { id: 1007, text: 'hello' }, '{"text":"hello"}');
    const read = exchange('GET', '/notes/1007', 'bob-token-77e2b0c', 200, { id: 1007, text: 'hello' });
    const { curl, script, variables } = reproduction([sendStep('alice creates a note', create), sendStep('bob reads it', read)], 1, secrets());
    expect(curl).toBe(`# set TOKEN_OF_BOB first (its value is masked here)\ncurl -sS -i '${BASE}/notes/1007' -H "authorization: Bearer $TOKEN_OF_BOB"`);
    expect(variables).toEqual(['TOKEN_OF_ALICE', 'TOKEN_OF_BOB']);
    expect(script).toEqual([
      '# 2 steps, in order, in one shell (needs jq)',
      ': "${TOKEN_OF_ALICE:?set TOKEN_OF_ALICE first, as the legend of the report says}"',
      ': "${TOKEN_OF_BOB:?set TOKEN_OF_BOB first, as the legend of the report says}"',
      '# 1. alice creates a note: its answer (status line, headers and body) is kept in RESPONSE_1',
      `RESPONSE_1=$(curl -sS -i -X POST '${BASE}/notes' -H "authorization: Bearer $TOKEN_OF_ALICE" -H 'content-type: application/json' --data-raw '{"text":"hello"}'); printf '%s\\n' "$RESPONSE_1"`,
      `NOTE_ID=$(printf '%s\\n' "$RESPONSE_1" | tr -d '\\r' | sed '1,/^$/d' | jq -r '.id')`,
      'echo',
      '# 2. bob reads it',
      `curl -sS -i "${BASE}/notes/$NOTE_ID" -H "authorization: Bearer $TOKEN_OF_BOB"`,
    ]);
  });

  it('sends a burst as a loop that counts the statuses, and a body too long for an argument through standard input', () => {
    const burst = exchange('GET', '/categories', 'alice-token-4f1c9a', 200, []);
    const looped = reproduction([{ kind: 'repeat', label: '50 at once', exchange: burst, count: 50, atOnce: true }], 0, secrets()).script!;
    expect(looped.at(-1)).toBe(
      `{ for i in $(seq 50); do curl -sS -o /dev/null -w '%{http_code}\\n' '${BASE}/categories' -H "authorization: Bearer $TOKEN_OF_ALICE" & done; wait; } | sort | uniq -c`,
    );
    const big = exchange('POST', '/reviews', 'alice-token-4f1c9a', 201, { id: 3 }, `{"text":"${'x'.repeat(200_000)}"}`);
    const { curl } = reproduction([sendStep('a large review', big)], 0, secrets());
    expect(curl).toContain(`{ printf '%s' '{"text":"'; head -c 200000 /dev/zero | tr '\\0' 'x'; printf '%s' '"}'; } | curl -sS -i -X POST '${BASE}/reviews'`);
    expect(curl).toMatch(/--data-binary @-$/);
    expect(curl.length).toBeLessThan(400);
  });

  it("keeps a value the replay makes (a forged token) as the variable its shell step sets, and masks what is the user's", () => {
    const forged = exchange('GET', '/wishlist', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 200, { items: [5] });
    const { script, variables } = reproduction(
      [
        {
          kind: 'shell',
          label: 'the unsigned token',
          lines: ['UNSIGNED_TOKEN="eyJhbGciOiJub25lIn0.$(printf \'%s\' "$TOKEN_OF_ALICE" | cut -d. -f2)."'],
          needs: ['TOKEN_OF_ALICE'],
        },
        sendStep('sent with it', forged, [{ literal: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', variable: 'UNSIGNED_TOKEN' }]),
      ],
      1,
      secrets(),
    );
    expect(variables).toEqual(['TOKEN_OF_ALICE']);
    expect(script!.at(-1)).toBe(`curl -sS -i '${BASE}/wishlist' -H "authorization: Bearer $UNSIGNED_TOKEN"`);
  });
});
