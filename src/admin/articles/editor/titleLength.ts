import { TITLE_MAX_LENGTH } from '../constants';
import { characterCount, withinCharacters } from './characterLimit';

/** A headline's length as the database counts it. */
export const titleLength = characterCount;

export const TITLE_OVER_LIMIT = `Le titre ne peut pas dépasser ${TITLE_MAX_LENGTH} caractères : raccourcissez-le.`;

/** react-admin validator: refuses, in French, a headline the database would refuse as too long. */
export const titleWithinLimit = withinCharacters(TITLE_MAX_LENGTH, TITLE_OVER_LIMIT);
