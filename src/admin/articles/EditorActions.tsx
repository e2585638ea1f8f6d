import SaveIcon from '@mui/icons-material/Save';
import { Button, CircularProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useSaveContext } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * Enregistrer ('Enregistrement...' while react-admin saves; off while saving or uploading) and
 * Annuler; `children` go beside them (other actions on the article).
 */
export function EditorActions({ uploading, children }: { uploading: boolean; children?: ReactNode }) {
  const { saving = false } = useSaveContext();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
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
    </Stack>
  );
}
