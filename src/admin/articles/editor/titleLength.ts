import { TITLE_MAX_LENGTH } from '../constants';

/** A headline's length as the database counts it: characters (not UTF-16 units), once trimmed. */
export const titleLength = (title: string | null | undefined): number => [...(title ?? '').trim()].length;

export const TITLE_OVER_LIMIT = `Le titre ne peut pas dépasser ${TITLE_MAX_LENGTH} caractères : raccourcissez-le.`;

/** react-admin validator: refuses, in French, a headline the database would refuse as too long. */
export const titleWithinLimit = (value: unknown): string | undefined =>
  typeof value === 'string' && titleLength(value) > TITLE_MAX_LENGTH ? TITLE_OVER_LIMIT : undefined;
