import { Card, CardHeader, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useId } from 'react';
import { formatCount } from '@/lib/numbers';
import { ExportButton } from './channels/ExportButton';

interface RankingTableProps {
  title: string;
  /** The first column is the row's name, the others figures (right-aligned; counts in French digit grouping). */
  columns: readonly string[];
  /** `to`: the back-office screen the row's first cell opens (the article, the category). */
  rows: { key: string; cells: readonly (string | number)[]; to?: string }[];
  /** With a file name (no extension): « Exporter (CSV) » in the card's header. */
  file?: string;
}

/** A small ranked table in a card, each row's name a link to its screen: 'Aucune donnée disponible' when the period has nothing. */
export function RankingTable({ title, columns, rows, file }: RankingTableProps) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      {/* The title alone names the card (its export button is no part of the name). On a phone the
          button goes under the title when both do not fit on one line. */}
      <CardHeader
        title={title}
        sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 1 }}
        slotProps={{ title: { variant: 'h6', component: 'h2', id } }}
        action={file && <ExportButton name={file} header={columns} rows={rows.map((r) => r.cells.map(String))} />}
      />
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }}>
          Aucune donnée disponible
        </Typography>
      ) : (
        // A table with many columns scrolls inside its card on a phone, not the whole page.
        <TableContainer>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                {columns.map((c, i) => (
                  <TableCell key={c} align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 600 }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key} hover>
                  {r.cells.map((v, i) => (
                    <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
                      {typeof v === 'number' ? (
                        formatCount(v)
                      ) : i === 0 && r.to ? (
                        <Link component={RouterLink} to={r.to}>
                          {v}
                        </Link>
                      ) : (
                        v
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}
