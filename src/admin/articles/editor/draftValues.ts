import type { Json } from '@/lib/database.types';

/**
 * What of the editor's form a draft keeps (in the browser or on the server): its own fields, not
 * what the database decides (id, version, main image, dates). Every other field of the form is
 * kept, so a field added to the editor is drafted without a change here.
 */
export type DraftValues = Record<string, string | number | boolean | null | string[] | DraftObject>;
/** A group of fields held as one value (« Vrai ou faux »'s check), kept as its JSON. */
export type DraftObject = { [key: string]: Json | undefined };

// images_pending: the image panel's marker of unsaved image changes, which live in the panel, not in a draft.
const NOT_DRAFTED = new Set(['id', 'version', 'image_url', 'image_alt', 'created_at', 'updated_at', 'view_count', 'images_pending']);

export function draftValues(values: Record<string, unknown>): DraftValues {
  const kept: DraftValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (NOT_DRAFTED.has(key)) continue;
    if (value === null || value === undefined) kept[key] = null;
    else if (['string', 'number', 'boolean'].includes(typeof value)) kept[key] = value as string | number | boolean;
    // A list of lines (the key points): its empty fields stay, so each line reopens in its place.
    else if (Array.isArray(value) && value.every((v) => v == null || typeof v === 'string'))
      kept[key] = value.map((v: string | null) => v ?? '');
    else if (typeof value === 'object' && !Array.isArray(value)) kept[key] = JSON.parse(JSON.stringify(value)) as DraftObject;
  }
  return kept;
}

// The form holds '' where the database holds null: both mean "none"; a list is its filled lines.
const normalized = (value: unknown) => {
  if (Array.isArray(value)) return value.some(Boolean) ? JSON.stringify(value.filter(Boolean)) : null;
  if (value && typeof value === 'object') return JSON.stringify(value);
  return value === undefined || value === null || value === '' ? null : value;
};

/** Whether a draft says anything the form, as it opened, does not already say (about its own fields). */
export function draftDiffers(draft: DraftValues, form: Record<string, unknown>): boolean {
  return Object.keys(draft).some((key) => !NOT_DRAFTED.has(key) && key in form && normalized(draft[key]) !== normalized(form[key]));
}

/** A draft as read back from storage, or null when it is not one (another shape, a newer editor's). */
export function asDraftValues(value: unknown): DraftValues | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const values = draftValues(value as Record<string, unknown>);
  return typeof values.content === 'string' || typeof values.title === 'string' ? values : null;
}
