import { describe, expect, it } from 'vitest';
import { scanShopOperations } from '../../../../apis/vulnerable-api/scan-shop-operations.js';
import { useSkippingClock } from '../../../../support/skipping-clock.js';

// The shop's injected sleeps move the scanner's clock on instead of keeping it waiting.
const clock = useSkippingClock();
const sleep = (seconds: number) => clock.sleep(seconds * 1000);

/** Corner Shop's blind injections: a name search whose quote breaks it with a bare 500, a sort pasted into ORDER BY, a city whose errors come back as []; the reviews' sort is checked (a control). */
const PATHS = ['/api/v2/brands', '/api/v2/deals', '/api/v2/reviews', '/api/v2/stores'];

describe('sqli, blind: proven by the difference between two answers, each repeated', () => {
  it('proves the brands search and the deals sort of the vulnerable shop, naming the pair of requests and what differed, and leaves the checked sort alone', async () => {
    const result = await scanShopOperations({ paths: PATHS, checks: ['sqli'], secure: false, sleep });
    const byPath = new Map(result.findings.map((finding) => [finding.path, finding]));

    expect([...byPath.keys()].sort()).toEqual(['/api/v2/brands', '/api/v2/deals', '/api/v2/stores']);
    const brands = byPath.get('/api/v2/brands')!;
    expect(brands).toMatchObject({ rule: 'sqli', severity: 'high', method: 'GET', cwe: 'CWE-89' });
    expect(brands.title).toBe(
      `The SQL condition sent in the query parameter "name" decides the answer, twice: Oakwood' AND '1'='1 answers as Oakwood does (HTTP 200 with 1 item), Oakwood' AND '1'='2 answers HTTP 200 with 0 items`,
    );
    expect(brands.evidence.request).toMatch(/name=Oakwood%27%20AND%20%271%27%3D%271\n[\s\S]*— then —\n.*name=Oakwood%27%20AND%20%271%27%3D%272\n/);
    expect(brands.evidence.response).toMatch(/HTTP 200[\s\S]*Oakwood[\s\S]*— then —\n[\s\S]*HTTP 200[\s\S]*\[\]/);

    // The stores' city is proven blind as well, but its sleep outranks it: one finding per operation, the gravest.
    expect(byPath.get('/api/v2/stores')!.severity).toBe('critical');

    const deals = byPath.get('/api/v2/deals')!;
    expect(deals).toMatchObject({ rule: 'sqli', severity: 'high', method: 'GET' });
    expect(deals.title).toBe(
      'The query parameter "sort" is pasted into ORDER BY, twice: (CASE WHEN 1=1 THEN price ELSE id END) orders the list as price does, (CASE WHEN 1=2 THEN price ELSE id END) orders the same 5 items otherwise',
    );
    expect(deals.evidence.request).toContain('CASE%20WHEN%201%3D1');
    expect(deals.evidence.request).toContain('CASE%20WHEN%201%3D2');
  });

  it('reports nothing on the secure twin, whose search binds the name and whose sort is checked', async () => {
    const result = await scanShopOperations({ paths: PATHS, checks: ['sqli'], secure: true, sleep });

    expect(result.findings).toEqual([]);
  });
});
