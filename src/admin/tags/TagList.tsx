import { Box, Chip } from '@mui/material';
import { CreateButton, DataTable, EditButton, List, SearchInput, SelectInput, SimpleList, TopToolbar } from 'react-admin';
import { tagPath } from '@/lib/readerPaths';
import { BackToDashboard } from '../layout/BackToDashboard';
import { useSmallScreen } from '../layout/useSmallScreen';
import { articleCount, kindName, TAG_COLUMNS, TAG_KINDS, type Tag } from './types';

// The search box matches names accents and punctuation aside (tagSearch.ts); the kind narrows it.
const filters = [
  <SearchInput key="q" source="q" placeholder="Rechercher une étiquette" alwaysOn />,
  <SelectInput key="kind" source="kind" label="Type" choices={TAG_KINDS} alwaysOn emptyText="Tous" />,
];
const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * « Étiquettes »: countries, topics, people and organisations, by name, administrators only. On
 * a phone a one-column list (as « Rubriques »): a row opens the tag, whose screen merges it.
 */
export function TagList() {
  const small = useSmallScreen();
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<Tag>
        title="Étiquettes"
        sort={{ field: 'name', order: 'ASC' }}
        perPage={50}
        exporter={false}
        filters={filters}
        queryOptions={{ meta: { columns: TAG_COLUMNS } }}
        actions={
          <TopToolbar>
            <CreateButton label="Nouvelle étiquette" />
          </TopToolbar>
        }
      >
        {small ? (
          <SimpleList<Tag>
            rowClick="edit"
            primaryText={(t) => t.name}
            secondaryText={(t) => `${kindName(t.kind)} · ${articleCount(t)} article(s)${t.hidden ? ' · Masquée' : ''}`}
          />
        ) : (
          <DataTable<Tag> rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col<Tag> source="name" />
            <DataTable.Col<Tag> source="kind" render={(t) => kindName(t.kind)} />
            <DataTable.Col<Tag> source="slug" disableSort render={(t) => tagPath(t.kind, t.slug)} />
            <DataTable.Col<Tag> source="hidden" render={(t) => (t.hidden ? <Chip size="small" label="Masquée" /> : 'Visible')} />
            <DataTable.Col<Tag> label="resources.tags.fields.article_tags" disableSort align="right" render={articleCount} />
            <DataTable.Col<Tag>
              label="newsroom.actions"
              disableSort
              align="right"
              cellSx={() => nowrap}
              render={() => <EditButton label="Modifier" />}
            />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
