import { describe, expect, it } from 'vitest';
import { cookieName, guardRequest, newDashboardToken } from '../../../src/dashboard/server/access-guard.js';

const token = newDashboardToken();
const access = { token, port: 4321 };
const request = (overrides: Partial<Parameters<typeof guardRequest>[0]> = {}) =>
  guardRequest({ method: 'GET', url: '/', host: '127.0.0.1:4321', cookie: undefined, ...overrides }, access);

describe('newDashboardToken', () => {
  it('is 32 random bytes, URL-safe, new each time', () => {
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newDashboardToken()).not.toBe(token);
  });
});

describe('guardRequest', () => {
  it('refuses a request with neither token nor cookie: 401', () => {
    expect(request()).toMatchObject({ kind: 'refuse', status: 401 });
    expect(request({ url: '/sessions/x/events' })).toMatchObject({ kind: 'refuse', status: 401 });
  });

  it('keeps a right token as an HttpOnly, SameSite=Strict cookie named after the port, and sends the same page without it', () => {
    expect(request({ url: `/tests?token=${token}&x=1` })).toEqual({
      kind: 'redirect',
      location: '/tests?x=1',
      setCookie: `falcon_ui_4321=${token}; HttpOnly; SameSite=Strict; Path=/`,
    });
    expect(request({ url: `/?token=${token}` })).toMatchObject({ location: '/' });
    // `/.//x` is the path `//x`: as a Location, another host.
    expect(request({ url: `/.//attacker.example/?token=${token}` })).toMatchObject({ location: '/attacker.example/' });
  });

  it('lets the cookie in, among other cookies, and nothing like it', () => {
    expect(request({ cookie: `theme=x; ${cookieName(4321)}=${token}` })).toEqual({ kind: 'allow' });
    expect(request({ cookie: `${cookieName(4322)}=${token}` })).toMatchObject({ status: 401 });
    expect(request({ cookie: `${cookieName(4321)}=${token.slice(1)}` })).toMatchObject({ status: 401 });
    expect(request({ url: '/?token=wrong', cookie: `${cookieName(4321)}=wrong` })).toMatchObject({ status: 401 });
  });

  it('refuses another Host (DNS rebinding), even with the token: 403', () => {
    for (const host of ['attacker.example:4321', '127.0.0.1:80', '127.0.0.1', '[::1]:4321', undefined]) {
      expect(request({ host, url: `/?token=${token}` })).toMatchObject({ kind: 'refuse', status: 403 });
    }
    expect(request({ host: 'LOCALHOST:4321', cookie: `${cookieName(4321)}=${token}` })).toEqual({ kind: 'allow' });
  });

  it('takes only GET and HEAD: 405', () => {
    expect(request({ method: 'POST', cookie: `${cookieName(4321)}=${token}` })).toMatchObject({ status: 405 });
    expect(request({ method: 'HEAD', cookie: `${cookieName(4321)}=${token}` })).toEqual({ kind: 'allow' });
  });
});
