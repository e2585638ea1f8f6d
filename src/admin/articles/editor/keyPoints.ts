import { characterCount, withinCharacters } from './characterLimit';

/**
 * « Points clés »: at most KEY_POINTS_MAX lines of at most KEY_POINT_MAX_LENGTH characters, as
 * the database's articles_key_points_count and articles_key_points_length hold them (a test holds
 * them together).
 */
export const KEY_POINTS_MAX = 3;
export const KEY_POINT_MAX_LENGTH = 140;

/** A point's length as the database counts it. */
export const keyPointLength = characterCount;

export const KEY_POINT_OVER_LIMIT = `Un point clé ne peut pas dépasser ${KEY_POINT_MAX_LENGTH} caractères : raccourcissez-le.`;
export const KEY_POINTS_TOO_MANY = `${KEY_POINTS_MAX} points clés au plus.`;

/** react-admin validator of one point: refuses, in French, a line the database would refuse. */
export const keyPointWithinLimit = withinCharacters(KEY_POINT_MAX_LENGTH, KEY_POINT_OVER_LIMIT);

/**
 * The points to store: the form's fields in order, each on one line and trimmed, the empty ones
 * dropped (a journalist may fill the second field and leave the first).
 */
export function keyPointsToSave(fields: readonly (string | null | undefined)[] | null | undefined): string[] {
  return (fields ?? []).map((p) => (p ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
}
