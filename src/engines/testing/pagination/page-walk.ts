/** Where a value sits in a JSON body: property names from the top (`['meta', 'total']`); `[]` is the body itself. */
export type BodyPath = string[];

/**
 * What moves a list from one page to the next, as its spec says: a page number, an offset, a
 * cursor the page names (a property of the body, or the key of its last item), or the `Link`
 * header's `rel="next"`.
 */
export type PageStep =
  | { by: 'page'; parameter: string; first: number }
  | { by: 'offset'; parameter: string }
  | { by: 'cursor'; parameter: string; from: { body: BodyPath } | 'last-item' }
  | { by: 'link' };

/** How to walk one paginated list: the case's request is its first page. */
export interface PageWalk {
  step: PageStep;
  /**
   * The page size the walk asks for, when the list takes one, and the largest it may ask for
   * (absent: no limit): when the first page counts more items than fit in the pages it walks, it
   * starts again with larger pages.
   */
  size?: { parameter: string; value: number; largest?: number };
  /** Where a page's items are. */
  items: BodyPath;
  /** The property that names an item (`id`); without one an item is known by its whole value. */
  key?: string;
  /** Where the count of all items is: a body property, or a response header (`X-Total-Count`). */
  total?: { in: 'body'; path: BodyPath } | { in: 'header'; name: string };
  /** Where the count of all pages is. */
  pageCount?: BodyPath;
  /** A property saying whether more pages follow (`has_more`). */
  hasMore?: BodyPath;
}

/** `$.meta.total`, `$` for the body itself: how messages name a place in it. */
export function pathLabel(path: BodyPath): string {
  return `$${path.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`)).join('')}`;
}
