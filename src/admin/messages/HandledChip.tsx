import { Chip } from '@mui/material';
import { newsroomDate } from '../dates';
import type { ContactMessage } from './types';

/** Where a message stands: « À traiter », or « Traité » with the day it was. */
export function HandledChip({ record }: { record: ContactMessage }) {
  return record.handled ? (
    <Chip size="small" label={record.handled_at ? `Traité le ${newsroomDate(record.handled_at)}` : 'Traité'} />
  ) : (
    <Chip size="small" color="warning" label="À traiter" />
  );
}
