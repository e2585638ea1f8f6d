// A live page's cursors as addresses carry them: apart from live.ts, since the reader's route
// table (every page's first load) reads them, and nothing else of the live code belongs there.

/** A cursor's digits: far past any coverage, inside a JavaScript number and a Postgres bigint. */
const CURSOR = /^\d{1,12}$/;

/** A cursor in an address (`?avant=`, `?depuis=`, the delta's revision): a whole number, or null for anything else. */
export const liveCursor = (raw: string | null | undefined): number | null => (raw && CURSOR.test(raw) ? Number(raw) : null);

/**
 * A page's cursor parameter (`?avant=`, `?depuis=`): null when absent, -1 (no such page, a 404,
 * like a list's bad `page`) when it is no cursor.
 */
export const cursorParam = (raw: string | null): number | null => (raw === null ? null : CURSOR.test(raw) ? Number(raw) : -1);
