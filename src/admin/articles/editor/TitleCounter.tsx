import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { TITLE_MAX_LENGTH } from '../constants';
import { TITLE_OVER_LIMIT, titleLength } from './titleLength';

/**
 * « 42 / 150 » under the title, as it is typed; past the limit it turns red and says why at once,
 * before any save is tried.
 */
export function TitleCounter() {
  const length = titleLength(useWatch({ name: 'title' }));
  const over = length > TITLE_MAX_LENGTH;
  return (
    <Box
      component="span"
      data-testid="title-counter"
      sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', color: over ? 'error.main' : undefined }}
    >
      <span>{over ? TITLE_OVER_LIMIT : ''}</span>
      <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {length} / {TITLE_MAX_LENGTH}
      </Box>
    </Box>
  );
}
