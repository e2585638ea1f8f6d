import { Box, Chip } from '@mui/material';
import { CreateButton, DataTable, EditButton, List, SimpleList, TopToolbar } from 'react-admin';
import { BackToDashboard } from '../layout/BackToDashboard';
import { useSmallScreen } from '../layout/useSmallScreen';
import { DeleteCategoryButton } from './DeleteCategoryButton';
import { CATEGORY_COLUMNS, type Category } from './types';

// ra-data-postgrest writes `<field>.<direction>` into PostgREST's `order`: the menu's order
// (out-of-menu categories last, as nulls sort after in ascending order), then names.
const MENU_ORDER = { field: 'menu_position.asc,name', order: 'ASC' } as const;

const nowrap = { whiteSpace: 'nowrap' } as const;
const articleCount = (c: Category) => c.articles?.[0]?.count ?? 0;

/**
 * « Rubriques »: the categories in the reader's menu order, administrators only. On a phone a
 * one-column list (as Articles): a row opens the category, whose screen has « Supprimer ».
 */
export function CategoryList() {
  const small = useSmallScreen();
  return (
    <Box sx={{ pt: 2 }}>
      <BackToDashboard />
      <List<Category>
        title="Rubriques"
        sort={MENU_ORDER}
        perPage={100}
        pagination={false}
        exporter={false}
        queryOptions={{ meta: { columns: CATEGORY_COLUMNS } }}
        actions={
          <TopToolbar>
            <CreateButton label="Nouvelle rubrique" />
          </TopToolbar>
        }
      >
        {small ? (
          <SimpleList<Category>
            rowClick="edit"
            primaryText={(c) => c.name}
            secondaryText={(c) =>
              `${c.menu_position ? `Place ${c.menu_position}` : 'Hors menu'} · /category/${c.slug} · ${articleCount(c)} article(s)${c.hidden_from_editor ? ' · Masquée' : ''}`
            }
          />
        ) : (
          <DataTable<Category> rowClick="edit" bulkActionButtons={false}>
            <DataTable.Col<Category>
              source="menu_position"
              disableSort
              render={(c) => c.menu_position ?? 'Hors menu'}
              cellSx={() => nowrap}
            />
            <DataTable.Col<Category> source="name" disableSort />
            <DataTable.Col<Category> source="slug" disableSort render={(c) => `/category/${c.slug}`} />
            <DataTable.Col<Category>
              source="hidden_from_editor"
              disableSort
              render={(c) => (c.hidden_from_editor ? <Chip size="small" label="Masquée" /> : 'Proposée')}
            />
            <DataTable.Col<Category> label="resources.categories.fields.articles" disableSort align="right" render={articleCount} />
            <DataTable.Col<Category>
              label="newsroom.actions"
              disableSort
              align="right"
              cellSx={() => nowrap}
              render={() => (
                <>
                  <EditButton label="Modifier" />
                  <DeleteCategoryButton />
                </>
              )}
            />
          </DataTable>
        )}
      </List>
    </Box>
  );
}
