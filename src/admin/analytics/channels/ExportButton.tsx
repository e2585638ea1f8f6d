import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { downloadCSV } from 'react-admin';
import { toCsv } from '../../subscribers/csv';

/** « Exporter (CSV) »: the table as shown, for a spreadsheet (toCsv: UTF-8 with its mark, no formulas). */
export function ExportButton({ name, header, rows }: { name: string; header: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <Button size="small" startIcon={<DownloadIcon />} disabled={rows.length === 0} onClick={() => downloadCSV(toCsv(header, rows), name)}>
      Exporter (CSV)
    </Button>
  );
}
