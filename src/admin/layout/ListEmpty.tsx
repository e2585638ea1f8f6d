import { Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** A list table's empty state, telling « nothing yet » from « nothing matches the search ». */
export function ListEmpty({ none, noMatch }: { none: string; noMatch: string }) {
  const { filterValues } = useListContext();
  return (
    <Typography color="text.secondary" sx={{ p: 3 }}>
      {Object.keys(filterValues).length > 0 ? noMatch : none}
    </Typography>
  );
}
