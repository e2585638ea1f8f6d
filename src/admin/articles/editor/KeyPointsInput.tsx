import { Box, Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { KEY_POINT_MAX_LENGTH, KEY_POINTS_MAX, keyPointLength, keyPointWithinLimit } from './keyPoints';

const validatePoint = [keyPointWithinLimit];

/** « 42 / 140 » under a point as it is typed, so the limit shows before any save. */
function PointCounter({ index }: { index: number }) {
  const length = keyPointLength(useWatch({ name: `key_points.${index}` }) as string | undefined);
  return (
    <Box component="span" sx={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
      {length} / {KEY_POINT_MAX_LENGTH}
    </Box>
  );
}

/**
 * « Points clés »: one single-line field per point rather than a list to grow or a text to split.
 * The limit is visible (three fields, each with its counter), nothing to add or remove, and a
 * point can never hold a line break, which WhatsApp's list would break on.
 */
export function KeyPointsInput() {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      <Typography component="legend" variant="subtitle2">
        Points clés (facultatif)
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Jusqu'à {KEY_POINTS_MAX} phrases courtes, affichées en tête de l'article et envoyées avec le lien sur WhatsApp.
      </Typography>
      {Array.from({ length: KEY_POINTS_MAX }, (_, i) => (
        <TextInput
          key={i}
          source={`key_points.${i}`}
          label={`Point clé ${i + 1}`}
          validate={validatePoint}
          fullWidth
          helperText={<PointCounter index={i} />}
        />
      ))}
    </Box>
  );
}
