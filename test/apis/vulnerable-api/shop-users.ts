export interface Login {
  username: string;
  password: string;
}

/** The three accounts every start has: two customers and an administrator. */
export const SHOP_LOGINS = {
  alice: { username: 'alice', password: 'alice-wonderland-1' },
  bob: { username: 'bob', password: 'bob-builder-2' },
  admin: { username: 'admin', password: 'admin-control-3' },
} as const satisfies Record<string, Login>;

export interface User {
  id: number;
  username: string;
  /** Kept for the login, never serialized. */
  password: string;
  /** What the old user service stored; only a careless serializer sends it. */
  passwordHash: string;
  displayName: string;
  email: string;
  role: 'user' | 'admin';
  avatarUrl?: string;
  /** Whatever else an update wrote. */
  [extra: string]: unknown;
}

export function seedUsers(): User[] {
  return [
    {
      id: 1,
      ...SHOP_LOGINS.alice,
      passwordHash: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
      displayName: 'Alice Liddell',
      email: 'alice@shop.example',
      role: 'user',
    },
    {
      id: 2,
      ...SHOP_LOGINS.bob,
      passwordHash: '$2b$10$7EqJtq98hPqEX7fNZaFWoOa6hS9Q1HXeNKCGeJ3Kq0KWvZ2L6zcO2',
      displayName: 'Bob Builder',
      email: 'bob@shop.example',
      role: 'user',
    },
    {
      id: 3,
      ...SHOP_LOGINS.admin,
      passwordHash: '$2b$10$Wm0Tj5b9X1zYkq8VQ3sCQe0c5rQy9H1mB4n6p2L7dK8fJ3gA1sE0u',
      displayName: 'Shop Admin',
      email: 'admin@shop.example',
      role: 'admin',
    },
  ];
}

/** What an account looks like to its owner: the documented fields only. */
export function accountView(user: User): Record<string, unknown> {
  const { id, username, displayName, email, role, avatarUrl } = user;
  return { id, username, displayName, email, role, ...(avatarUrl === undefined ? {} : { avatarUrl }) };
}

/** What `GET /me` sent before anyone noticed: the stored record, less the password itself. */
export function storedRecord(user: User): Record<string, unknown> {
  const { password: _password, ...record } = user;
  return record;
}
