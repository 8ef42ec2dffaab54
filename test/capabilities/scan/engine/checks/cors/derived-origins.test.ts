import { describe, expect, it } from 'vitest';
import { derivedOrigins } from '../../../../../../src/capabilities/scan/engine/checks/cors/derived-origins.js';
import { firstPartyOrigins } from '../../../../../../src/capabilities/scan/engine/checks/cors/first-party-origins.js';
import { registrableName } from '../../../../../../src/capabilities/scan/engine/checks/cors/site-names.js';

const origins = (allowed: string) => derivedOrigins(allowed).map((derived) => derived.origin);

describe('derivedOrigins', () => {
  it('makes the prefix, suffix, scheme, port and subdomain variants of an allowed https origin, in that order', () => {
    expect(origins('https://example.com')).toEqual([
      'https://evil-example.com',
      'https://example.com.evil.test',
      'http://example.com',
      'https://example.com:8443',
      'https://evil.example.com',
    ]);
  });

  it("prefixes and subdomains the site's registered name, suffixes the host itself", () => {
    expect(origins('https://api.shop.example')).toEqual([
      'https://evil-shop.example',
      'https://api.shop.example.evil.test',
      'http://api.shop.example',
      'https://api.shop.example:8443',
      'https://evil.shop.example',
    ]);
    expect(origins('https://www.shop.co.uk')[0]).toBe('https://evil-shop.co.uk');
  });

  it('keeps a port the allowed origin names, and tries the default one as the other port', () => {
    expect(origins('http://app.example:3000')).toEqual([
      'http://evil-app.example:3000',
      'http://app.example.evil.test:3000',
      'http://app.example',
      'http://evil.app.example:3000',
    ]);
  });

  it('gives an address or a one-label host the port variant (and the scheme one over https) only', () => {
    expect(origins('http://127.0.0.1:8080')).toEqual(['http://127.0.0.1']);
    expect(origins('https://localhost')).toEqual(['http://localhost', 'https://localhost:8443']);
    expect(origins('http://[::1]:3000')).toEqual(['http://[::1]']);
  });

  it('says why each is not the API to trust, a subdomain counting only with credentials', () => {
    const [prefix, suffix, scheme, port, subdomain] = derivedOrigins('https://example.com');
    expect(prefix!.why).toBe('a name anyone can register that ends with example.com');
    expect(suffix!.why).toBe('a name anyone can register that starts with example.com');
    expect(scheme!.why).toContain('plain HTTP');
    expect(port!.why).toContain('another port of example.com');
    expect([prefix, suffix, scheme, port].every((derived) => !derived!.onlyWithCredentials)).toBe(true);
    expect(subdomain).toMatchObject({ origin: 'https://evil.example.com', onlyWithCredentials: true });
    expect(subdomain!.why).toContain('taken over');
  });

  it('derives nothing from what is not an http(s) origin', () => {
    expect(derivedOrigins('null')).toEqual([]);
    expect(derivedOrigins('*')).toEqual([]);
    expect(derivedOrigins('file:///tmp')).toEqual([]);
  });
});

describe('firstPartyOrigins', () => {
  it("takes each server's origin and the site it is under, then the base URL's, four at most", () => {
    expect(firstPartyOrigins(['https://api.shop.example/v2', '/relative', '{scheme}://x'], 'http://127.0.0.1:4000')).toEqual([
      'https://api.shop.example',
      'https://shop.example',
      'https://www.shop.example',
      'http://127.0.0.1:4000',
    ]);
    expect(firstPartyOrigins([], 'https://shop.example/api')).toEqual(['https://shop.example', 'https://www.shop.example']);
    expect(firstPartyOrigins(['https://a.one.example', 'https://b.two.example'], 'https://c.three.example')).toHaveLength(4);
  });
});

describe('registrableName', () => {
  it('keeps two labels, three under a shared second level', () => {
    expect(registrableName('api.shop.example')).toBe('shop.example');
    expect(registrableName('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(registrableName('shop.example')).toBe('shop.example');
  });
});
