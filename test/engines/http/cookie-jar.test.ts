import { describe, expect, it } from 'vitest';
import { CookieJar, cookieHeader } from '../../../src/engines/http/cookie-jar.js';

const now = Date.parse('2030-01-01T00:00:00Z');
const url = (text: string) => new URL(text);
const names = (jar: CookieJar, target: string, at = now) => jar.matching(url(target), at).map((cookie) => cookie.name);

describe('CookieJar', () => {
  it('sends a cookie back only to its host, and under its path', () => {
    const jar = new CookieJar();
    jar.store(['a=1', 'b=2; Path=/api', 'c=3; Path=/api/users/'], url('http://app.test/login'), now);
    expect(names(jar, 'http://app.test/')).toEqual(['a']);
    expect(names(jar, 'http://app.test/api/users/7')).toEqual(['c', 'b', 'a']);
    expect(names(jar, 'http://app.test/apiary')).toEqual(['a']);
    expect(names(jar, 'http://other.test/')).toEqual([]);
    expect(names(jar, 'http://sub.app.test/')).toEqual([]); // host-only without Domain
  });

  it('defaults the path to the directory of the URL that set it', () => {
    const jar = new CookieJar();
    jar.store(['d=4'], url('http://app.test/api/auth/login'), now);
    expect(jar.live(now)[0]?.path).toBe('/api/auth');
    expect(names(jar, 'http://app.test/api/auth/refresh')).toEqual(['d']);
    expect(names(jar, 'http://app.test/api/users')).toEqual([]);
  });

  it('shares a Domain cookie with subdomains and refuses a Domain the host is not part of', () => {
    const jar = new CookieJar();
    jar.store(['shared=1; Domain=.app.test', 'foreign=1; Domain=evil.test'], url('http://api.app.test/'), now);
    expect(names(jar, 'http://app.test/')).toEqual(['shared']);
    expect(names(jar, 'http://www.app.test/')).toEqual(['shared']);
    expect(jar.live(now).map((cookie) => cookie.name)).toEqual(['shared']);
  });

  it('forgets cookies when they expire, and deletes one on Max-Age=0 or a past Expires', () => {
    const jar = new CookieJar();
    jar.store(['short=1; Max-Age=60', 'dated=1; Expires=Wed, 01 Jan 2031 00:00:00 GMT', 'gone=1', 'old=1'], url('http://app.test/'), now);
    expect(names(jar, 'http://app.test/', now + 59_000)).toEqual(['short', 'dated', 'gone', 'old']);
    expect(names(jar, 'http://app.test/', now + 61_000)).toEqual(['dated', 'gone', 'old']);
    jar.store(['gone=; Max-Age=0', 'old=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT'], url('http://app.test/'), now);
    expect(names(jar, 'http://app.test/')).toEqual(['short', 'dated']);
    expect(names(jar, 'http://app.test/', Date.parse('2031-06-01T00:00:00Z'))).toEqual([]);
  });

  it('replaces a cookie of the same name, domain and path, and lets Max-Age win over Expires', () => {
    const jar = new CookieJar();
    jar.store(['s=old; Expires=Wed, 01 Jan 2031 00:00:00 GMT; Max-Age=10'], url('http://app.test/'), now);
    jar.store(['s=new'], url('http://app.test/x'), now);
    expect(jar.matching(url('http://app.test/'), now).map((cookie) => cookie.value)).toEqual(['new']);
    expect(names(jar, 'http://app.test/', now + 11_000)).toEqual(['s']);
  });

  it('sends Secure cookies over https, and to loopback as browsers do', () => {
    const jar = new CookieJar();
    jar.store(['s=1; Secure'], url('https://app.test/'), now);
    jar.store(['l=1; Secure'], url('http://localhost:3000/'), now);
    expect(names(jar, 'https://app.test/')).toEqual(['s']);
    expect(names(jar, 'http://app.test/')).toEqual([]);
    expect(names(jar, 'http://localhost:3000/')).toEqual(['l']);
  });

  it('ignores Set-Cookie headers without a name', () => {
    const jar = new CookieJar();
    jar.store(['novalue', '=x', ' ; Path=/'], url('http://app.test/'), now);
    expect(jar.live(now)).toEqual([]);
  });
});

describe('cookieHeader', () => {
  it('adds the jar’s cookies to the caller’s own, which win by name', () => {
    const jar = new CookieJar();
    jar.store(['session=jar', 'theme=dark'], url('http://app.test/'), now);
    const cookies = jar.matching(url('http://app.test/'), now);
    expect(cookieHeader(undefined, cookies)).toBe('session=jar; theme=dark');
    expect(cookieHeader('session=mine', cookies)).toBe('session=mine; theme=dark');
    expect(cookieHeader(undefined, [])).toBeUndefined();
  });
});
