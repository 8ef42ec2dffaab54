import { setTimeout } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Residue } from '../../src/capabilities/scan/engine/residue/residue.js';
import { isServerManaged } from '../../src/capabilities/scan/engine/residue/object-state.js';

/** What each user reads of their own: path → answer, as that user's GETs answer them. */
export type ShopSnapshot = Map<string, Map<string, unknown>>;

/** Every user's own objects in the Corner Shop, and the admin's list of every account. */
const OWN_PATHS = ['/api/v2/me', '/api/v2/orders', '/api/v2/addresses', '/api/v2/wishlist', '/api/v2/loyalty', '/api/v2/messages'];
const ACCOUNTS = '/api/v2/admin/users';

/** Logs each user in and reads their objects (each order and address by its own path too). */
export async function snapshotShop(baseUrl: string, logins: ReadonlyArray<{ username: string; password: string }>): Promise<ShopSnapshot> {
  const snapshot: ShopSnapshot = new Map();
  for (const { username, password } of logins) {
    const login = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { token } = (await login.json()) as { token: string };
    const get = async (path: string): Promise<unknown> => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      // The shop limits each operation per second: a read it refuses is asked again once its window has passed.
      if (response.status === 429) {
        await setTimeout(Number(response.headers.get('retry-after') ?? 1) * 1000);
        return get(path);
      }
      return response.ok ? ((await response.json()) as unknown) : `HTTP ${response.status}`;
    };
    const read = new Map<string, unknown>();
    for (const path of [...OWN_PATHS, ...(username === 'admin' ? [ACCOUNTS] : [])]) {
      const body = await get(path);
      read.set(path, body);
      if (path === ACCOUNTS || !Array.isArray(body)) continue;
      for (const item of body as Array<{ id?: unknown }>)
        if (item && typeof item.id === 'number') read.set(`${path}/${item.id}`, await get(`${path}/${item.id}`));
    }
    snapshot.set(username, read);
  }
  return snapshot;
}

/**
 * Each difference between the two snapshots that the scan's residue does not list: a field of an
 * object changed (server-managed fields aside, as the scan decides them), an object gone, an
 * object added that is not listed as created. An account in the admin's list is its owner's `/api/v2/me`.
 */
export function compareSnapshots(before: ShopSnapshot, after: ShopSnapshot, residue: Residue): string[] {
  const listedField = (path: string, field: string) => residue.fields.some((left) => left.path === path && left.field === field);
  const listedObject = (path: string) => residue.created.some((left) => left.location === path);
  const problems: string[] = [];
  const compareRecord = (user: string, path: string, was: unknown, now: unknown) => {
    if (!isRecord(was) || !isRecord(now)) {
      if (!isDeepStrictEqual(was, now)) problems.push(`${user} ${path}: ${JSON.stringify(was)} → ${JSON.stringify(now)}`);
      return;
    }
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      if (isServerManaged(field) || isDeepStrictEqual(was[field], now[field]) || listedField(path, field)) continue;
      problems.push(`${user} ${path}: ${field} ${JSON.stringify(was[field])} → ${JSON.stringify(now[field])}, not listed`);
    }
  };
  for (const [user, reads] of before) {
    const later = after.get(user)!;
    for (const [path, was] of reads) {
      const now = later.get(path);
      if (path === ACCOUNTS) {
        for (const account of was as Array<Record<string, unknown>>) {
          const current = (now as Array<Record<string, unknown>>).find((candidate) => candidate.id === account.id);
          compareRecord(String(account.username), '/api/v2/me', account, current);
        }
        continue;
      }
      if (Array.isArray(was) && Array.isArray(now) && was.every(isRecord)) {
        const ids = new Set(was.map((item) => (item as Record<string, unknown>).id));
        for (const added of now.filter((item) => isRecord(item) && !ids.has(item.id)))
          if (!listedObject(`${path}/${String((added as Record<string, unknown>).id)}`))
            problems.push(`${user} ${path}: ${JSON.stringify(added)} added, not listed as created`);
        for (const item of was as Array<Record<string, unknown>>)
          if (!now.some((candidate) => isRecord(candidate) && candidate.id === item.id)) problems.push(`${user} ${path}: ${String(item.id)} gone`);
        continue;
      }
      compareRecord(user, path, was, now);
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
