/** What the bookshop sells and who has ordered what: fresh for every server started. */
export interface BookRow {
  id: string;
  title: string;
  genre: 'FICTION' | 'HISTORY' | 'SCIENCE' | 'RARE';
  price: number;
  authorId: string;
}

export interface OrderRow {
  id: string;
  status: 'PENDING' | 'SHIPPED' | 'CANCELLED';
  quantity: number;
  note: string | null;
  bookId: string;
  ownerId: string;
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  token: string;
}

export const BOOKSHOP_USERS: readonly UserRow[] = [
  { id: '1', name: 'Alice', email: 'alice@bookshop.test', token: 'alice-token-5d1f0c' },
  { id: '2', name: 'Bob', email: 'bob@bookshop.test', token: 'bob-token-93ab27' },
];

export const AUTHORS = [
  { id: 'a1', name: 'Ada Quill' },
  { id: 'a2', name: 'Hugo Marsh' },
];

export function freshBookshop(): { books: BookRow[]; orders: OrderRow[] } {
  return {
    books: [
      { id: '1', title: 'The Quiet Harbour', genre: 'FICTION', price: 12.5, authorId: 'a1' },
      { id: '2', title: 'Salt and Empire', genre: 'HISTORY', price: 21, authorId: 'a2' },
      { id: '3', title: 'Small Stars', genre: 'SCIENCE', price: 18.9, authorId: 'a1' },
      { id: '4', title: 'Harbour Lights', genre: 'FICTION', price: 9.99, authorId: 'a2' },
      { id: '5', title: 'A Folio of Maps', genre: 'RARE', price: 340, authorId: 'a2' },
    ],
    orders: [
      { id: '101', status: 'PENDING', quantity: 1, note: 'gift wrap', bookId: '1', ownerId: '1' },
      { id: '102', status: 'SHIPPED', quantity: 2, note: 'leave at the door, flat 4B', bookId: '2', ownerId: '2' },
    ],
  };
}
