import { Alert } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { isPublicNow } from '@/lib/articleVisibility';
import type { ArticleRecord } from './types';

export const SLUG_CHANGE_NOTICE = "L'adresse publique va changer ; l'ancienne redirigera vers la nouvelle";

/**
 * Said before saving, when readers may already have the article's address (it is live now: the
 * database keeps an old address exactly then) and the slug about to be saved is another.
 */
export function SlugChangeNotice() {
  const record = useRecordContext<ArticleRecord>();
  const slug: string = useWatch({ name: 'slug' }) ?? '';
  if (!record || !isPublicNow(record) || !slug.trim() || slug.trim() === record.slug) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 1.5 }}>
      {SLUG_CHANGE_NOTICE}.
      <br />
      <small>
        /article/{record.slug} → /article/{slug.trim()}
      </small>
    </Alert>
  );
}
