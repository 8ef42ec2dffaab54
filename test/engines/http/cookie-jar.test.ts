import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CookieJar, siteContext } from '../../../src/engines/http/cookie-jar.js';

const start = new Date('2030-01-01T00:00:00Z');
const url = (text: string) => new URL(text);
const sent = async (jar: CookieJar, target: string, own?: string) => (await jar.header(url(target), own)) ?? '';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
});
afterEach(() => vi.useRealTimers());

describe('CookieJar', () => {
  it('sends a cookie back only to its host, and under its path, most specific path first', async () => {
    const jar = new CookieJar();
    await jar.store(['a=1', 'b=2; Path=/api', 'c=3; Path=/api/users/'], url('http://app.test/login'));
    expect(await sent(jar, 'http://app.test/')).toBe('a=1');
    expect(await sent(jar, 'http://app.test/api/users/7')).toBe('c=3; b=2; a=1');
    expect(await sent(jar, 'http://app.test/apiary')).toBe('a=1');
    expect(await sent(jar, 'http://other.test/')).toBe('');
    expect(await sent(jar, 'http://sub.app.test/')).toBe(''); // host-only without Domain
  });

  it('defaults the path to the directory of the URL that set it', async () => {
    const jar = new CookieJar();
    await jar.store(['d=4'], url('http://app.test/api/auth/login'));
    expect((await jar.cookies())[0]?.path).toBe('/api/auth');
    expect(await sent(jar, 'http://app.test/api/auth/refresh')).toBe('d=4');
    expect(await sent(jar, 'http://app.test/api/users')).toBe('');
  });

  it('shares a Domain cookie with subdomains and refuses a Domain the host is not part of', async () => {
    const jar = new CookieJar();
    await jar.store(['shared=1; Domain=.app.test', 'foreign=1; Domain=evil.test'], url('http://api.app.test/'));
    expect(await sent(jar, 'http://app.test/')).toBe('shared=1');
    expect(await sent(jar, 'http://www.app.test/')).toBe('shared=1');
    expect((await jar.cookies()).map((cookie) => cookie.name)).toEqual(['shared']);
  });

  it('refuses a cookie for a public suffix: a.co.uk cannot set Domain=co.uk', async () => {
    const jar = new CookieJar();
    await jar.store(['wide=1; Domain=co.uk', 'own=1; Domain=a.co.uk'], url('https://a.co.uk/'));
    expect((await jar.cookies()).map((cookie) => `${cookie.name} ${cookie.domain}`)).toEqual(['own a.co.uk']);
    expect(await sent(jar, 'https://b.co.uk/')).toBe('');
    expect(await sent(jar, 'https://www.a.co.uk/')).toBe('own=1');
  });

  it('forgets cookies when they expire, and deletes one on Max-Age=0 or a past Expires', async () => {
    const jar = new CookieJar();
    await jar.store(['short=1; Max-Age=60', 'dated=1; Expires=Wed, 01 Jan 2031 00:00:00 GMT', 'gone=1', 'old=1'], url('http://app.test/'));
    vi.setSystemTime(start.getTime() + 59_000);
    expect(await sent(jar, 'http://app.test/')).toBe('short=1; dated=1; gone=1; old=1');
    vi.setSystemTime(start.getTime() + 61_000);
    expect(await sent(jar, 'http://app.test/')).toBe('dated=1; gone=1; old=1');
    await jar.store(['gone=; Max-Age=0', 'old=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], url('http://app.test/'));
    expect(await sent(jar, 'http://app.test/')).toBe('dated=1');
    vi.setSystemTime(new Date('2031-06-01T00:00:00Z'));
    expect(await sent(jar, 'http://app.test/')).toBe('');
  });

  it('replaces a cookie of the same name, domain and path, and lets Max-Age win over Expires', async () => {
    const jar = new CookieJar();
    await jar.store(['s=old; Expires=Wed, 01 Jan 2031 00:00:00 GMT; Max-Age=10'], url('http://app.test/'));
    await jar.store(['s=new'], url('http://app.test/x'));
    expect(await sent(jar, 'http://app.test/')).toBe('s=new');
    vi.setSystemTime(start.getTime() + 11_000);
    expect(await sent(jar, 'http://app.test/')).toBe('s=new');
  });

  it('sends Secure cookies over https, and to loopback as browsers do', async () => {
    const jar = new CookieJar();
    await jar.store(['s=1; Secure'], url('https://app.test/'));
    await jar.store(['l=1; Secure'], url('http://localhost:3000/'));
    expect(await sent(jar, 'https://app.test/')).toBe('s=1');
    expect(await sent(jar, 'http://app.test/')).toBe('');
    expect(await sent(jar, 'http://localhost:3000/')).toBe('l=1');
  });

  it('keeps SameSite, and holds Strict and Lax cookies back from requests another site leads to', async () => {
    const jar = new CookieJar();
    await jar.store(['strict=1; SameSite=Strict', 'lax=1; SameSite=Lax', 'none=1; SameSite=None; Secure'], url('https://app.test/'));
    expect((await jar.cookies()).map((cookie) => `${cookie.name}:${cookie.sameSite}`)).toEqual(['strict:strict', 'lax:lax', 'none:none']);
    expect(await jar.header(url('https://app.test/'), undefined, 'strict')).toBe('strict=1; lax=1; none=1');
    expect(await jar.header(url('https://app.test/'), undefined, 'lax')).toBe('lax=1; none=1');
    expect(await jar.header(url('https://app.test/'), undefined, 'none')).toBe('none=1');
  });

  it('ignores Set-Cookie headers without a name, and honours the __Host- prefix', async () => {
    const jar = new CookieJar();
    await jar.store(['novalue', '=x', ' ; Path=/', '__Host-id=1; Secure; Path=/; Domain=app.test', '__Host-ok=1; Secure; Path=/'], url('https://app.test/'));
    expect((await jar.cookies()).map((cookie) => cookie.name)).toEqual(['__Host-ok']);
  });

  it('puts the caller’s own Cookie header first; its names win over the jar’s', async () => {
    const jar = new CookieJar();
    await jar.store(['session=jar', 'theme=dark'], url('http://app.test/'));
    expect(await sent(jar, 'http://app.test/')).toBe('session=jar; theme=dark');
    expect(await sent(jar, 'http://app.test/', 'session=mine')).toBe('session=mine; theme=dark');
    expect(await new CookieJar().header(url('http://app.test/'), undefined)).toBeUndefined();
  });
});

describe('siteContext', () => {
  it('is strict on the same site, lax for a GET another site leads to, none for other methods', async () => {
    expect(await siteContext(url('https://app.test/'), url('https://api.app.test/x'), 'POST')).toBe('strict');
    expect(await siteContext(url('https://a.co.uk/'), url('https://b.co.uk/'), 'GET')).toBe('lax');
    expect(await siteContext(url('https://app.test/'), url('https://other.test/'), 'POST')).toBe('none');
    expect(await siteContext(url('http://127.0.0.1:3000/'), url('http://127.0.0.1:4000/'), 'POST')).toBe('strict');
  });
});
