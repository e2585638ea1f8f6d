import SaveIcon from '@mui/icons-material/Save';
import { Button, CircularProgress, Stack } from '@mui/material';
import { Link } from 'react-router-dom';

/** Enregistrer ('Enregistrement...' while saving; off while saving or uploading) and Annuler. */
export function EditorActions({ saving, uploading }: { saving: boolean; uploading: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
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
    </Stack>
  );
}
