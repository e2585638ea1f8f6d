import { LIMITS } from '../../limits';
import { TITLE_MAX_LENGTH } from '../constants';
import { characterCount, withinCharacters } from './characterLimit';

/** A headline's length as the database counts it. */
export const titleLength = characterCount;

/** The form's refusal and the database refusal's translation alike. */
export const TITLE_OVER_LIMIT = LIMITS.title.message;

/** react-admin validator: refuses, in French, a headline the database would refuse as too long. */
export const titleWithinLimit = withinCharacters(TITLE_MAX_LENGTH, TITLE_OVER_LIMIT);
