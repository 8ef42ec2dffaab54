import { type Product, type Review, type Store, seedProducts, seedReviews, seedStores } from './catalog-data.js';
import { type User, seedUsers } from './shop-users.js';

export interface Order {
  id: number;
  number: string;
  userId: number;
  productId: number;
  quantity: number;
  price: number;
  status: 'pending' | 'shipped' | 'delivered';
  note: string;
  [extra: string]: unknown;
}

export interface Address {
  id: number;
  userId: number;
  label: string;
  street: string;
  city: string;
  postcode: string;
  country: string;
}

export interface Coupon {
  code: string;
  percentOff: number;
}

/** Everything one start of the API holds; each start has its own. */
export interface ShopData {
  users: User[];
  products: Product[];
  reviews: Review[];
  stores: Store[];
  orders: Map<number, Order>;
  addresses: Map<number, Address>;
  coupons: Coupon[];
  /** Username → product ids. */
  wishlists: Map<string, number[]>;
  /** Username → points. */
  loyalty: Map<string, number>;
  /** Username → messages. */
  messages: Map<string, Array<{ id: number; text: string }>>;
  notifications: Array<{ id: number; text: string }>;
  webhooks: Array<{ id: number; url: string; events: string[]; verified: boolean }>;
  integrations: Array<{ id: number; name: string; callbackUrl: string }>;
  nextId: () => number;
}

/**
 * Alice (user 1) owns order 1 (A-1001) and address 1; Bob (user 2) owns order 2 (A-1002) and
 * address 2. New orders, addresses, reviews and the rest take ids from 1000 up.
 */
export function createShopData(): ShopData {
  let next = 1000;
  return {
    users: seedUsers(),
    products: seedProducts(),
    reviews: seedReviews(),
    stores: seedStores(),
    orders: new Map([
      [1, { id: 1, number: 'A-1001', userId: 1, productId: 3, quantity: 2, price: 14, status: 'shipped', note: 'Ring the bell.' }],
      [2, { id: 2, number: 'A-1002', userId: 2, productId: 4, quantity: 1, price: 8.25, status: 'pending', note: '' }],
    ]),
    addresses: new Map([
      [1, { id: 1, userId: 1, label: 'Home', street: '1 Rabbit Hole', city: 'Oxford', postcode: 'OX1 1AA', country: 'GB' }],
      [2, { id: 2, userId: 2, label: 'Yard', street: '9 Scaffold Road', city: 'Leeds', postcode: 'LS1 4AP', country: 'GB' }],
    ]),
    coupons: [
      { code: 'SPRING10', percentOff: 10 },
      { code: 'WELCOME5', percentOff: 5 },
    ],
    wishlists: new Map([
      ['alice', [5, 8]],
      ['bob', [12]],
      ['admin', []],
    ]),
    loyalty: new Map([
      ['alice', 1200],
      ['bob', 300],
      ['admin', 0],
    ]),
    messages: new Map([
      ['alice', [{ id: 1, text: 'Your order A-1001 has shipped.' }]],
      ['bob', [{ id: 2, text: 'Your order A-1002 is being packed.' }]],
      ['admin', []],
    ]),
    notifications: [
      { id: 1, text: 'The shop is closed for maintenance on Sunday from 02:00 to 03:00 UTC.' },
      { id: 2, text: 'Members get free delivery this month.' },
    ],
    webhooks: [],
    integrations: [],
    nextId: () => next++,
  };
}
