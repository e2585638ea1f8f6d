import { LIMITS } from '../../limits';
import { characterCount, withinCharacters } from './characterLimit';

/**
 * « Points clés »: at most KEY_POINTS_MAX lines of at most KEY_POINT_MAX_LENGTH characters, as
 * the database's articles_key_points_count and articles_key_points_length hold them (src/admin/limits.ts).
 */
export const KEY_POINTS_MAX = LIMITS.keyPoints.max;
export const KEY_POINT_MAX_LENGTH = LIMITS.keyPoint.max;

/** A point's length as the database counts it. */
export const keyPointLength = characterCount;

export const KEY_POINT_OVER_LIMIT = LIMITS.keyPoint.message;
export const KEY_POINTS_TOO_MANY = LIMITS.keyPoints.message;

/** react-admin validator of one point: refuses, in French, a line the database would refuse. */
export const keyPointWithinLimit = withinCharacters(KEY_POINT_MAX_LENGTH, KEY_POINT_OVER_LIMIT);

/**
 * The points to store: the form's fields in order, each on one line and trimmed, the empty ones
 * dropped (a journalist may fill the second field and leave the first).
 */
export function keyPointsToSave(fields: readonly (string | null | undefined)[] | null | undefined): string[] {
  return (fields ?? []).map((p) => (p ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
}
