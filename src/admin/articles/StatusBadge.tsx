import { Chip } from '@mui/material';
import type { ArticleStatus } from './types';

export function StatusBadge({ status }: { status: ArticleStatus }) {
  return status === 'published' ? (
    <Chip label="Publié" color="success" size="small" />
  ) : (
    <Chip label="Brouillon" size="small" variant="outlined" />
  );
}
