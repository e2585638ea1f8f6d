import { useCallback, useEffect, useRef } from 'react';
import { useRegisterMutationMiddleware, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { altTextRequiredMessage, goesOut, missingAltText } from './altText';
import type { ArticleImages } from './useArticleImages';

/** A form value that only makes the form dirty while the panel holds unsaved image changes (never sent). */
export const IMAGES_PENDING = 'images_pending';

type SaveParams = { data: Record<string, unknown>; meta?: Record<string, unknown>; previousData?: Record<string, unknown> };
type Mutate = (resource: string, params: SaveParams) => Promise<unknown>;

/**
 * The image panel's part in « Enregistrer », inside the editor's form: the status is refused
 * while an article going out has an image without alternative text (the database's rule, said
 * before asking it); the save carries the image rows, which the data provider writes before the
 * article (meta.images), and the chosen main image (image_url); afterwards the panel reads its
 * rows back. Leaving with unsaved image changes asks first, like the form's own fields.
 * Returns the validator for the status input.
 */
export function useImageSaveRules(images: ArticleImages): Validator {
  const latest = useRef(images);
  const { getFieldState, setValue, trigger } = useFormContext();
  const list = images.images;
  useEffect(() => {
    latest.current = images;
  });
  // A refusal shown under the status goes as soon as the missing text is typed.
  useEffect(() => {
    if (getFieldState('status').invalid) void trigger('status');
  }, [list, getFieldState, trigger]);
  useEffect(() => {
    if (images.unsaved) setValue(IMAGES_PENDING, true, { shouldDirty: true });
  }, [images.unsaved, setValue]);

  const validateStatus = useCallback<Validator>((status) => {
    if (!goesOut(status)) return undefined;
    const missing = missingAltText(latest.current.images);
    return missing.length ? altTextRequiredMessage(missing, status) : undefined;
  }, []);

  const withImages = useCallback(async (resource: string, params: SaveParams, next: Mutate) => {
    const { images: rows, cover } = latest.current.prepareSave();
    const sent: SaveParams = { ...params, meta: { ...params.meta, images: rows } };
    if (cover !== undefined) {
      sent.data = { ...params.data, image_url: cover };
      // The REST provider sends only what differs from previousData: the choice must always go.
      if (params.previousData) sent.previousData = { ...params.previousData, image_url: undefined };
    }
    try {
      return await next(resource, sent);
    } finally {
      void latest.current.afterSave();
    }
  }, []);
  useRegisterMutationMiddleware(withImages);
  return validateStatus;
}
