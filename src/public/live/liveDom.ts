// The live page's markup that the lite script (liteLive.ts) works on without React: the server
// renders it in data-saver mode with these attributes. Keep LiveCheck.tsx and liteLive.ts in step.

/** On the list of entries (newest first, LiveCoverage.tsx): where new ones go. */
export const LIVE_LIST_ATTRIBUTE = 'data-live-entries';
/** On « Vérifier les nouveautés »: carries the slug, the revision shown and the newest entry's time. */
export const LIVE_CHECK_ATTRIBUTE = 'data-live-check';
/** On the line that says what the check found. */
export const LIVE_STATUS_ATTRIBUTE = 'data-live-status';
