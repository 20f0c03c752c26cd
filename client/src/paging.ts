/** Items a list call asks for per request: the most the service gives. */
export const LIST_PAGE_SIZE = 1000;

export interface ListPage<Item> {
  items: Item[];
  /** More items follow this page. */
  hasMore: boolean;
}

/**
 * Every item of a list the service pages by `limit` and `offset`, a page at a time as the loop asks;
 * `break` stops fetching. Offsets count rows in the service's order (oldest first), so an item
 * created during the loop comes at its end, and one deleted during it may make the loop skip another.
 */
export async function* everyItem<Item>(fetchPage: (offset: number, limit: number) => Promise<ListPage<Item>>): AsyncGenerator<Item, void> {
  for (let offset = 0; ;) {
    const page = await fetchPage(offset, LIST_PAGE_SIZE);
    yield* page.items;
    if (!page.hasMore || page.items.length === 0) return;
    offset += page.items.length;
  }
}
