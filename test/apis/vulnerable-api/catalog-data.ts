export interface Product {
  id: number;
  name: string;
  category: string;
  price: number;
  description: string;
  stock: number;
  /** The supplier's record as the purchasing system keeps it, keys and all. */
  supplier: { name: string; apiKey: string };
}

export interface Review {
  id: number;
  productId: number;
  rating: number;
  text: string;
  author: string;
}

export interface Store {
  id: number;
  name: string;
  city: string;
}

export const CATEGORIES = ['lighting', 'kitchen', 'garden', 'office', 'bath', 'toys', 'tools', 'travel'];

const ADJECTIVES = ['Brass', 'Oak', 'Linen', 'Copper', 'Slate', 'Cedar', 'Wool', 'Glass', 'Steel', 'Clay'];
const NOUNS = [
  'lamp',
  'kettle',
  'planter',
  'stapler',
  'towel',
  'kite',
  'wrench',
  'satchel',
  'clock',
  'mug',
  'shelf',
  'basket',
  'trowel',
  'lantern',
  'ladle',
  'tray',
  'vase',
  'hook',
  'bench',
  'jar',
  'candle',
  'brush',
  'rack',
  'bowl',
  'box',
];

/** 250 products: more than any page should hold, so an unbounded page size shows. */
export function seedProducts(): Product[] {
  return Array.from({ length: 250 }, (_, index) => {
    const id = index + 1;
    const noun = NOUNS[index % NOUNS.length]!;
    return {
      id,
      name: `${ADJECTIVES[Math.floor(index / NOUNS.length) % ADJECTIVES.length]} ${noun}`,
      category: CATEGORIES[index % CATEGORIES.length]!,
      price: Math.round((4.5 + (index % 37) * 1.25) * 100) / 100,
      description: `A ${noun} that lasts.`,
      stock: (index * 7) % 40,
      supplier: { name: `Supplier ${1 + (index % 5)}`, apiKey: `sk_live_${(0x5eed0000 + index * 7919).toString(16)}a1b2c3d4e5f6a7b8c9d0` },
    };
  });
}

/** 120 reviews, more than the largest page of 50. */
export function seedReviews(): Review[] {
  const authors = ['alice', 'bob', 'carol', 'dave'];
  return Array.from({ length: 120 }, (_, index) => ({
    id: index + 1,
    productId: 1 + (index % 10),
    rating: 1 + ((index * 3) % 5),
    text: index % 2 === 0 ? 'Does what it says.' : 'Arrived quickly, well made.',
    author: authors[index % authors.length]!,
  }));
}

export function seedStores(): Store[] {
  return [
    { id: 1, name: 'Corner Shop Oxford', city: 'Oxford' },
    { id: 2, name: 'Corner Shop Leeds', city: 'Leeds' },
    { id: 3, name: 'Corner Shop York', city: 'York' },
    { id: 4, name: 'Corner Shop Bath', city: 'Bath' },
  ];
}

export function productSummary(product: Product): Record<string, unknown> {
  const { id, name, category, price } = product;
  return { id, name, category, price };
}

export function productDetails(product: Product): Record<string, unknown> {
  return { ...productSummary(product), description: product.description, stock: product.stock };
}
