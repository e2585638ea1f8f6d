import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button, Tooltip, Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { previewPath } from '@/lib/previewPath';

const SAVE_FIRST = "Enregistrez d'abord l'article";

/**
 * "Aperçu": the article as readers will see it, in a new tab. It shows what is saved, so a new
 * article has nothing to show yet, and unsaved changes are said to be missing from it.
 */
export function PreviewButton({ articleId }: { articleId?: string }) {
  const { isDirty } = useFormState();
  if (!articleId) {
    return (
      <Tooltip title={SAVE_FIRST} describeChild>
        {/* A disabled button receives no pointer or focus events: the tooltip hangs on its wrapper. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- MUI's documented pattern for a disabled button's tooltip: the focusable wrapper lets keyboard users reach the reason */}
        <span tabIndex={0}>
          <Button variant="outlined" startIcon={<OpenInNewIcon />} disabled>
            Aperçu
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<OpenInNewIcon />}
        href={previewPath(articleId)}
        target="_blank"
        rel="noopener"
        aria-describedby={isDirty ? 'preview-unsaved' : undefined}
      >
        Aperçu
      </Button>
      {isDirty && (
        <Typography id="preview-unsaved" variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          L'aperçu montre la dernière version enregistrée, sans vos modifications en cours.
        </Typography>
      )}
    </>
  );
}
