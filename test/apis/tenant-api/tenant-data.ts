/** A person of one organisation; alice and bob log in, carol and dave are their colleagues. */
export interface TenantUser {
  id: number;
  username: string;
  email: string;
  password: string;
  orgId: string;
  /** What the API stores; the vulnerable build lets it out in the member list. */
  passwordHash: string;
}

export interface Organisation {
  id: string;
  name: string;
}

export interface Project {
  id: number;
  orgId: string;
  name: string;
  budget: number;
}

export interface Invoice {
  id: string;
  orgId: string;
  amount: number;
  customer: string;
}

export interface Report {
  id: number;
  orgId: string;
  title: string;
  revenue: number;
}

/** One line of an organisation's audit log, which its members may read. */
export interface AuditEntry {
  id: string;
  orgId: string;
  actor: string;
  action: string;
}

export interface TenantData {
  orgs: Organisation[];
  users: TenantUser[];
  projects: Project[];
  invoices: Invoice[];
  reports: Report[];
  audit: AuditEntry[];
}

/** The passwords of the two users a scan logs in as, `NAME:PASSWORD` as `--user` takes them. */
export const TENANT_LOGINS = { alice: 'alice:acme-pass-4471', bob: 'bob:globex-pass-8823' } as const;

/** bcrypt-shaped (`$2b$10$` and 53 characters), as a real store holds them. */
function storedHash(seed: string): string {
  return `$2b$10$${seed.padEnd(53, seed).slice(0, 53)}`;
}

/** Two organisations that must never see each other's projects, invoices, reports, audit logs or members. Fresh for each start. */
export function createTenantData(): TenantData {
  const acme = { id: 'acme-4f1c', name: 'Acme Rockets' };
  const globex = { id: 'globex-9d2e', name: 'Globex Hover' };
  const user = (id: number, username: string, password: string, orgId: string): TenantUser => ({
    id,
    username,
    email: `${username}@${orgId.split('-')[0]}.example`,
    password,
    orgId,
    passwordHash: storedHash(`${username}Q9x`),
  });
  return {
    orgs: [acme, globex],
    users: [
      user(11, 'alice', 'acme-pass-4471', acme.id),
      user(12, 'bob', 'globex-pass-8823', globex.id),
      user(13, 'carol', 'acme-pass-1290', acme.id),
      user(14, 'dave', 'globex-pass-5512', globex.id),
    ],
    projects: [
      { id: 101, orgId: acme.id, name: 'Rocket sled', budget: 120_000 },
      { id: 102, orgId: acme.id, name: 'Giant magnet', budget: 48_500 },
      { id: 201, orgId: globex.id, name: 'Hover boots', budget: 54_000 },
    ],
    invoices: [
      { id: 'inv-a1', orgId: acme.id, amount: 9_900, customer: 'Road Runner Ltd' },
      { id: 'inv-g1', orgId: globex.id, amount: 7_250, customer: 'Springfield Power' },
    ],
    reports: [
      { id: 301, orgId: acme.id, title: 'Quarterly rocket sales', revenue: 310_400 },
      { id: 302, orgId: globex.id, title: 'Hover boot returns', revenue: 18_750 },
    ],
    audit: [
      { id: 'aud-a1', orgId: acme.id, actor: 'alice', action: 'approved the Giant magnet budget' },
      { id: 'aud-g1', orgId: globex.id, actor: 'dave', action: 'exported the customer list' },
    ],
  };
}
