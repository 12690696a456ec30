// Keyset paging for the dashboard's lists, newest first: a page is the rows strictly older than
// the last row the reader saw (`before`, its id), ordered by (a timestamp, id) descending. Rows
// added or moved meanwhile never shift a page, unlike an offset or a growing limit.

/** One page of a list, and the `before` id of the next (older) page, or null at the end. */
export type KeysetPage<T> = { data: T[]; nextBefore: string | null };

/** The row a `before` id names: its id and the timestamp the list is ordered by. */
export type KeysetAnchor = { id: string; at: Date };

/** `limit` clamped to 1..max, `fallback` when absent. */
export function pageLimit(limit: number | undefined, fallback: number, max: number): number {
  return Math.min(Math.max(limit ?? fallback, 1), max);
}

/**
 * The Prisma `where` for the rows after `anchor` in (field desc, id desc) order; nothing when
 * there is no anchor (the first page, or a `before` that names no row of the reader's).
 */
export function olderThan<F extends string>(field: F, anchor: KeysetAnchor | null) {
  if (!anchor) return {};
  // A computed key of generic type F widens to `string`; the shape below is exactly what is built.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
  return { OR: [{ [field]: { lt: anchor.at } }, { [field]: anchor.at, id: { lt: anchor.id } }] } as {
    OR: Array<Record<F, { lt: Date }> | (Record<F, Date> & { id: { lt: string } })>;
  };
}

/** Rows fetched with `take: limit + 1` into a page: the extra row only says there is more. */
export function toKeysetPage<R extends { id: string }, T>(rows: R[], limit: number, map: (row: R) => T): KeysetPage<T> {
  const shown = rows.slice(0, limit);
  return { data: shown.map(map), nextBefore: rows.length > limit ? shown[shown.length - 1].id : null };
}
