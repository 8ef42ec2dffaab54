import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { pathId, queryInteger, validBody } from './input.js';

interface MemberInput {
  name: string;
  email: string;
  nickname?: string;
  birthDate: string;
  joinedAt: string;
  referrerId?: string;
  score?: number;
  tags?: string[];
  address?: { city: string; zip?: string };
}

type Member = MemberInput & { id: number; createdAt: string };

export interface MemberDefects {
  /** write_read_consistency: the birth date is stored a day off. */
  shiftsBirthDate: boolean;
  /** write_read_consistency: a PUT stores the member without its nickname. */
  dropsNicknameOnReplace: boolean;
  /** delete_effective (and use_after_free after it): the DELETE answers 204 and keeps the member. */
  deleteKeeps: boolean;
  /** pagination_consistency: every page after the first starts one member early, and the total counts one member too many. */
  pagesOverlap: boolean;
}

export interface MemberValidators {
  newMember(value: unknown): boolean;
  memberChanges(value: unknown): boolean;
}

const SEEDED: MemberInput[] = ['Ada', 'Grace', 'Edsger', 'Barbara', 'Donald'].map((name, index) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  birthDate: `19${60 + index}-0${index + 1}-1${index}`,
  joinedAt: `2023-0${index + 1}-01T09:00:00Z`,
}));

/**
 * Members: created, listed page by page (`page`, `pageSize`; the total and the count of pages in
 * the body), read, replaced, updated (a merge patch) and deleted. Stored as a careful server stores
 * them: the email in lower case, the join time in its own zone (+02:00), the referrer's uuid in
 * upper case — each the same by meaning as what was sent. `defects` plants what is not.
 */
export function memberRoutes(validators: MemberValidators, defects: MemberDefects): Route[] {
  const members = new Map<number, Member>();
  let nextId = 1;
  const store = (id: number, input: MemberInput, createdAt = new Date().toISOString()): Member => {
    const member: Member = { ...stored(input, defects), id, createdAt };
    members.set(id, member);
    return member;
  };
  for (const input of SEEDED) store(nextId++, input, '2023-01-01T00:00:00.000Z');
  const found = (res: Parameters<Route['handle']>[1], raw: string | undefined): Member | undefined => {
    const id = pathId(res, raw, 'memberId');
    if (id === undefined) return undefined;
    const member = members.get(id);
    if (!member) sendError(res, 404, `no member ${id}`);
    return member;
  };
  return [
    {
      method: 'GET',
      path: '/members',
      handle(req, res, _params, url) {
        req.resume();
        const page = queryInteger(res, url, 'page', { min: 1, default: 1 });
        const size = page === undefined ? undefined : queryInteger(res, url, 'pageSize', { min: 1, max: 50, default: 10 });
        if (typeof page !== 'number' || typeof size !== 'number') return;
        const all = [...members.values()].sort((a, b) => a.id - b.id);
        const start = (page - 1) * size - (defects.pagesOverlap && page > 1 ? 1 : 0);
        sendJson(res, 200, {
          items: all.slice(start, start + size),
          total: all.length + (defects.pagesOverlap ? 1 : 0),
          totalPages: Math.ceil(all.length / size),
        });
      },
    },
    {
      method: 'POST',
      path: '/members',
      async handle(req, res) {
        const input = await validBody<MemberInput>(req, res, validators.newMember, 'NewMember');
        if (input) sendJson(res, 201, store(nextId++, input));
      },
    },
    {
      method: 'GET',
      path: '/members/{memberId}',
      handle(req, res, params) {
        req.resume();
        const member = found(res, params.memberId);
        if (member) sendJson(res, 200, member);
      },
    },
    {
      method: 'PUT',
      path: '/members/{memberId}',
      async handle(req, res, params) {
        const input = await validBody<MemberInput>(req, res, validators.newMember, 'NewMember');
        const member = input && found(res, params.memberId);
        if (!input || !member) return;
        const { nickname: _dropped, ...kept } = input;
        sendJson(res, 200, store(member.id, defects.dropsNicknameOnReplace ? kept : input, member.createdAt));
      },
    },
    {
      method: 'PATCH',
      path: '/members/{memberId}',
      async handle(req, res, params) {
        const changes = await validBody<Partial<MemberInput>>(req, res, validators.memberChanges, 'MemberChanges');
        const member = changes && found(res, params.memberId);
        if (!changes || !member) return;
        const { id, createdAt, ...current } = member;
        // What is stored is already as the server keeps it: only the changes are stored anew.
        const merged = { ...current, ...changes, ...(changes.address && { address: { ...current.address, ...changes.address } }) };
        const updated: Member = { ...current, ...stored(merged, defects, Object.keys(changes)), id, createdAt };
        members.set(id, updated);
        sendJson(res, 200, updated);
      },
    },
    {
      method: 'DELETE',
      path: '/members/{memberId}',
      handle(req, res, params) {
        req.resume();
        const member = found(res, params.memberId);
        if (!member) return;
        if (!defects.deleteKeeps) members.delete(member.id);
        res.writeHead(204).end();
      },
    },
  ];
}

/** The member as stored; with `only`, just those fields are taken from the input as sent (the others are stored already). */
function stored(input: MemberInput, defects: MemberDefects, only?: string[]): MemberInput {
  const fresh = (name: keyof MemberInput) => only === undefined || only.includes(name);
  const member: MemberInput = { ...input };
  if (fresh('email')) member.email = input.email.toLowerCase();
  if (fresh('joinedAt')) member.joinedAt = inZone(input.joinedAt);
  if (fresh('referrerId') && input.referrerId !== undefined) member.referrerId = input.referrerId.toUpperCase();
  if (fresh('birthDate') && defects.shiftsBirthDate) member.birthDate = dayBefore(input.birthDate);
  return member;
}

/** The same instant written in +02:00 (`2024-03-01T10:00:00Z` → `2024-03-01T12:00:00.000+02:00`); as given when it cannot be. */
function inZone(dateTime: string): string {
  const instant = Date.parse(dateTime);
  if (!Number.isFinite(instant)) return dateTime;
  const shown = `${new Date(instant + 2 * 3600_000).toISOString().slice(0, 23)}+02:00`;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+02:00$/.test(shown) ? shown : dateTime;
}

/** The date a day before, as a server with a time zone bug stores it (the first of a month goes to the second instead). */
function dayBefore(date: string): string {
  const day = Number(date.slice(8, 10));
  return `${date.slice(0, 8)}${String(day > 1 ? day - 1 : day + 1).padStart(2, '0')}`;
}
