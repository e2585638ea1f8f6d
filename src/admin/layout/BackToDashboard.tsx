import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';

/** Spec: every admin screen has 'Retour au tableau de bord'. */
export function BackToDashboard() {
  return (
    <Button component={Link} to="/dashboard" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
      Retour au tableau de bord
    </Button>
  );
}
