import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, logFailure } from '../../providers/frenchErrors';
import { useNewsroomDataProvider } from '../../providers/newsroomDataProvider';
import { CHANNEL_COLUMNS, channelRows, signupsText } from './channelRows';
import { RankingTable } from '../RankingTable';

/** The panel's period, in days. */
const PANEL_DAYS = 30;

/**
 * « D'où viennent ses lecteurs » in the editor: the article's channels over 30 days, with engaged
 * time, completion, lite share and kilobytes, and the newsletter and alerts sign-ups that started
 * on it. Closed at first: opening it asks the database (article_channels and article_signups:
 * administrators, and the article's own author).
 */
export function ArticleChannelsPanel({ articleId }: { articleId: string }) {
  const [open, setOpen] = useState(false);
  const dataProvider = useNewsroomDataProvider();
  const { data, error } = useQuery({
    queryKey: ['newsroom', 'articleChannels', articleId, PANEL_DAYS],
    queryFn: () =>
      Promise.all([dataProvider.articleChannels(articleId, PANEL_DAYS), dataProvider.articleSignups(articleId, PANEL_DAYS)]).catch(
        logFailure("The article's channels could not be read"),
      ),
    enabled: open,
  });
  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
      sx={{ mt: 2 }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="article-canaux" id="article-canaux-titre">
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          D'où viennent ses lecteurs ({PANEL_DAYS} derniers jours)
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="article-canaux">
        {error ? (
          <Alert severity="error">Impossible de charger les canaux de l'article. {describeError(error)}</Alert>
        ) : data ? (
          <>
            <Typography sx={{ mb: 1 }}>{signupsText(data[1])}</Typography>
            <RankingTable
              title="Canaux de l'article"
              file={`article-${articleId}-canaux`}
              columns={CHANNEL_COLUMNS}
              rows={channelRows(data[0]).map((cells) => ({ key: cells[0]!, cells }))}
            />
          </>
        ) : (
          <Typography color="text.secondary">Chargement...</Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
