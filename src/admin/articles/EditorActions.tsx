import SaveIcon from '@mui/icons-material/Save';
import { Box, Button, CircularProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useSaveContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { EditorStats } from './editor/EditorStats';
import { stickySaveBarSx } from './editor/stickyBars';
import { KeptSaveState } from './outbox/KeptSaveState';

/**
 * Enregistrer ('Enregistrement...' while react-admin saves; off while saving or uploading) and
 * Annuler; `children` go beside them (other actions on the article). The bar stays at the bottom
 * of the screen while the article is written, with its word count and reading time, and says when
 * its save waits on the phone for the network (KeptSaveState).
 */
export function EditorActions({ uploading, articleId, children }: { uploading: boolean; articleId?: string; children?: ReactNode }) {
  const { saving = false } = useSaveContext();
  return (
    <Stack
      direction="row"
      data-testid="save-bar"
      sx={[{ mt: 2, flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }, stickySaveBarSx]}
    >
      <Button
        type="submit"
        variant="contained"
        disabled={saving || uploading}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
      >
        {saving ? 'Enregistrement...' : 'Enregistrer'}
      </Button>
      <Button component={Link} to="/dashboard" variant="outlined" color="secondary">
        Annuler
      </Button>
      {children}
      <Box sx={{ ml: 'auto' }}>
        <EditorStats />
      </Box>
      {articleId && <KeptSaveState articleId={articleId} />}
    </Stack>
  );
}
