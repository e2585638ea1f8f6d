import { Box, Typography } from '@mui/material';
import { AutocompleteInput, Edit, RadioButtonGroupInput, ReferenceInput, SimpleForm, useRecordContext } from 'react-admin';
import { newsroomDate } from '../dates';
import { RumourScreenshot } from './RumourScreenshot';
import { pastClaimsFilter, RUMOUR_STATUSES, type RumourReport } from './status';

function Report() {
  const report = useRecordContext<RumourReport>();
  if (!report) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Reçu le {newsroomDate(report.created_at)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', my: 1 }}>{report.body}</Typography>
      {report.link && (
        <Typography sx={{ wordBreak: 'break-all' }}>
          <a href={report.link} target="_blank" rel="noopener noreferrer nofollow">
            {report.link}
          </a>
        </Typography>
      )}
      <RumourScreenshot reportId={report.id} />
    </Box>
  );
}

/**
 * A report: what the reader sent, its status in the queue and the fact-check that answers it,
 * chosen with « Déjà vérifié ? » (a search of past claims and titles).
 */
export function RumourEdit() {
  return (
    <Edit title="Rumeur signalée" mutationMode="pessimistic" redirect="list">
      <SimpleForm>
        <Report />
        <RadioButtonGroupInput source="status" label="Statut" choices={[...RUMOUR_STATUSES]} row />
        <ReferenceInput source="fact_check_id" reference="articles" filter={{ format: 'factcheck' }}>
          <AutocompleteInput
            label="Déjà vérifié ? Le « Vrai ou faux » qui y répond"
            optionText="title"
            filterToQuery={pastClaimsFilter}
            helperText="Cherchez dans les affirmations et titres des vérifications passées avant d'en commencer une."
            fullWidth
          />
        </ReferenceInput>
      </SimpleForm>
    </Edit>
  );
}
