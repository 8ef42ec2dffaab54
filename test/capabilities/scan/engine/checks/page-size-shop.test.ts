import { describe, expect, it } from 'vitest';
import { scanShopOperations } from '../../../../apis/vulnerable-api/scan-shop-operations.js';
import { useSkippingClock } from '../../../../support/skipping-clock.js';

// Each answer moves the scan's clock on by its pace instead of keeping it waiting.
const clock = useSkippingClock();

/** Corner Shop's lists: the events feed and the products honour any page size; the reviews refuse one above 50 (a control). */
const PATHS = ['/api/v2/events', '/api/v2/products', '/api/v2/reviews'];

async function pageSizeFindings(secure: boolean): Promise<Array<{ path: string; title: string; request: string }>> {
  const result = await scanShopOperations({ paths: PATHS, checks: ['resource_limits'], secure, sleep: (seconds) => clock.sleep(seconds * 1000) });
  return result.findings
    .filter((finding) => finding.title.includes('page sizes'))
    .map((finding) => ({ path: finding.path, title: finding.title, request: finding.evidence.request }));
}

describe('resource_limits: page sizes on the vulnerable shop', () => {
  it("proves the events feed's and the products' unbounded page sizes, the feed's filter left out, and leaves the reviews' refusal alone", async () => {
    const findings = await pageSizeFindings(false);

    expect(findings.map((finding) => finding.title)).toEqual([
      "GET /api/v2/products answered 250 items (the spec allows at most 100) for limit=20000 and 200 items for limit=200, where its base page (limit=20, the spec's example) has 20 items: page sizes are not capped",
      "GET /api/v2/events answered 3000 items for per_page=10000 and 100 items for per_page=100, where its base page (per_page=10, the spec's example) has 10 items: page sizes are not capped",
    ]);
    const events = findings.find((finding) => finding.path === '/api/v2/events')!;
    expect(events.request).toMatch(/events\?per_page=10000\n[\s\S]*— then —\n.*events\?per_page=100\n/);
  });

  it('reports nothing on the secure twin, which refuses large product pages and clamps the feed to 50', async () => {
    expect(await pageSizeFindings(true)).toEqual([]);
  });
});
