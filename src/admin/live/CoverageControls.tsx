import { MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { pollLabel, STATE_LABELS } from './liveMessages';
import { POLL_CHOICES, type CoverageRow, type CoverageState } from './types';

const STATES: CoverageState[] = ['open', 'paused', 'closed'];

/**
 * The coverage's state and the readers' interval. Administrators change them (live_set_state);
 * a journalist sees the state only (the database would refuse them the change).
 */
export function CoverageControls({
  coverage,
  admin,
  busy,
  onChange,
}: {
  coverage: CoverageRow;
  admin: boolean;
  busy: boolean;
  onChange: (state: CoverageState, pollSeconds: number) => void;
}) {
  if (!admin)
    return (
      <Typography variant="body2" data-testid="coverage-state">
        Couverture : {STATE_LABELS[coverage.state]}
      </Typography>
    );
  return (
    <Stack spacing={2} component="section" aria-label="Couverture">
      <ToggleButtonGroup
        value={coverage.state}
        exclusive
        fullWidth
        size="small"
        disabled={busy}
        aria-label="État de la couverture"
        onChange={(_e, state: CoverageState | null) => state && state !== coverage.state && onChange(state, coverage.poll_seconds)}
      >
        {STATES.map((state) => (
          <ToggleButton key={state} value={state}>
            {STATE_LABELS[state]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        select
        size="small"
        label="Fréquence de mise à jour"
        value={coverage.poll_seconds}
        disabled={busy}
        onChange={(e) => onChange(coverage.state, Number(e.target.value))}
        helperText="À quel rythme les pages des lecteurs vont chercher les nouvelles entrées."
      >
        {POLL_CHOICES.map((seconds) => (
          <MenuItem key={seconds} value={seconds}>
            Toutes les {pollLabel(seconds)}
          </MenuItem>
        ))}
        <MenuItem value={0}>Arrêter les mises à jour</MenuItem>
      </TextField>
    </Stack>
  );
}
