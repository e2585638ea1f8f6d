import { Card, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { ExportButton } from './ExportButton';

interface TextTableProps {
  title: string;
  /** The CSV file's name, without its extension. */
  file: string;
  header: readonly string[];
  /** As text: the first column left, the figures right. */
  rows: readonly (readonly string[])[];
  /** Shown instead of the first cell (a link to the article), the CSV keeping the text. */
  firstCell?: (row: number) => ReactNode;
}

/** A table of figures in a card, with its CSV export; « Aucune donnée disponible » when empty. */
export function TextTable({ title, file, header, rows, firstCell }: TextTableProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardHeader
        id={id}
        title={title}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={<ExportButton name={file} header={header} rows={rows} />}
      />
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }}>
          Aucune donnée disponible
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {header.map((c, i) => (
                <TableCell key={c} align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 600 }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, row) => (
              <TableRow key={`${row}-${r[0]}`} hover>
                {r.map((v, i) => (
                  <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
                    {i === 0 && firstCell ? firstCell(row) : v}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
