import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A section of the editor's side column, titled like the image panel (h2 named by its id). */
export function PanelCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
