import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { PERIODS, type Period } from './types';

export function PeriodSelector({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      aria-label="Période"
      // Clicking the selected period again would unselect it: a period is always chosen.
      onChange={(_, p: Period | null) => p !== null && onChange(p)}
      // On a phone the three periods share the width (a label goes on two lines rather than past the screen).
      sx={{ width: { xs: '100%', sm: 'auto' } }}
    >
      {PERIODS.map((p) => (
        <ToggleButton key={p} value={p} sx={{ textTransform: 'none', flex: { xs: 1, sm: 'none' } }}>
          {p} derniers jours
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
