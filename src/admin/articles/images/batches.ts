/**
 * Runs `work` over items `size` at a time, each batch after the previous one has settled, so a
 * journalist dropping 20 photos does not open 20 uploads on a slow connection. One failure does
 * not stop the others: every item's outcome is returned, in the items' order.
 */
export async function runInBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.allSettled(batch.map((item, i) => work(item, start + i)))));
  }
  return results;
}

/** Whole-number percentage of work done. */
export function percent(done: number, total: number): number {
  return total > 0 ? Math.round((done / total) * 100) : 0;
}
