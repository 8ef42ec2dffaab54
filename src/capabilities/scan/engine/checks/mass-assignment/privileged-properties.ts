import type { Severity } from '../../severity.js';
import { type JsonRecord, looseName } from '../support/answers.js';

/** A property a client should never set, with the value a check sends for it. */
export interface PrivilegedProperty {
  key: string;
  value: unknown;
  severity: Severity;
}

interface PropertyFamily {
  /** The key sent when the object does not show one. */
  canonical: string;
  /** Loose names (see looseName) of the family's properties. */
  names: string[];
  /** The value to send, given the one the object holds; undefined when it holds it already. */
  value(current: unknown): unknown;
  severity: Severity;
  /** Sent to a user account even when its record does not show it: privileges are often stored unseen. */
  ofAccounts?: boolean;
}

const FAMILIES: PropertyFamily[] = [
  {
    canonical: 'role',
    names: ['role', 'userrole', 'accounttype', 'usertype'],
    value: (current) => (current === 'admin' ? undefined : 'admin'),
    severity: 'high',
    ofAccounts: true,
  },
  {
    canonical: 'roles',
    names: ['roles', 'groups'],
    value: (current) => (Array.isArray(current) && !current.includes('admin') ? [...(current as unknown[]), 'admin'] : undefined),
    severity: 'high',
  },
  {
    canonical: 'isAdmin',
    names: ['isadmin', 'admin', 'issuperuser', 'superuser', 'isstaff', 'staff'],
    value: (current) => (current === true ? undefined : true),
    severity: 'high',
    ofAccounts: true,
  },
  {
    canonical: 'verified',
    names: ['verified', 'isverified', 'emailverified', 'approved', 'isapproved'],
    value: (current) => (current === true ? undefined : true),
    severity: 'medium',
  },
  {
    canonical: 'balance',
    names: ['balance', 'credit', 'credits', 'walletbalance', 'points', 'loyaltypoints'],
    value: (current) => (typeof current === 'number' ? current + 1_000_000 : 1_000_000),
    severity: 'high',
  },
  {
    canonical: 'price',
    names: ['price', 'unitprice', 'amount', 'total', 'totalprice', 'cost'],
    value: (current) => (current === 0.01 ? 0.02 : 0.01),
    severity: 'high',
  },
];

/**
 * The privileged properties to slip into a write: each property the object is known to have
 * (`known`: its record, or its documented properties with no values) that belongs to a privileged
 * family and that the request does not let a client write; for a user account whose record shows
 * no role or admin flag, `role` and `isAdmin` all the same.
 */
export function privilegedProperties(known: JsonRecord, writable: ReadonlySet<string>, isAccount: boolean): PrivilegedProperty[] {
  const properties: PrivilegedProperty[] = [];
  const keys = Object.keys(known);
  const showsPrivilege = FAMILIES.some((family) => family.ofAccounts && keys.some((key) => family.names.includes(looseName(key))));
  for (const family of FAMILIES) {
    for (const key of keys.filter((candidate) => family.names.includes(looseName(candidate)) && !writable.has(candidate))) {
      const value = family.value(known[key]);
      if (value !== undefined) properties.push({ key, value, severity: family.severity });
    }
    if (isAccount && family.ofAccounts && !showsPrivilege)
      properties.push({ key: family.canonical, value: family.value(undefined), severity: family.severity });
  }
  return properties;
}
