import { useCallback } from 'react';
import { useRegisterMutationMiddleware } from 'react-admin';
import { ArticleImagesNotRecorded } from '../../providers/articleCallbacks';

type Next = (resource: string, params: unknown) => Promise<unknown>;

/**
 * Runs `onSaved` once the article's text is saved: after react-admin's create or update went
 * through (a mutation middleware, so the screen's own success handling is left as it is), or when
 * the article was created though one of its images was not recorded.
 */
export function useAfterSave(onSaved: () => void): void {
  const middleware = useCallback(
    async (resource: string, params: unknown, next: Next) => {
      try {
        const result = await next(resource, params);
        onSaved();
        return result;
      } catch (error) {
        if (error instanceof ArticleImagesNotRecorded) onSaved();
        throw error;
      }
    },
    [onSaved],
  );
  useRegisterMutationMiddleware(middleware);
}
