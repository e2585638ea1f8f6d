import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { STATUS_CHOICES } from './statusChoices';

/**
 * Title search, status and category, always shown above the list. The search is kept as typed
 * (`q`) and becomes the folded-title filter in the data provider (search.ts). The category's
 * select names its label's key: inside a ReferenceInput its own resource would be 'categories';
 * its choices come sorted by the database's French collation (Économie between Culture and Politique).
 */
export const articleFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Rechercher par titre" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} emptyText="Tous" alwaysOn />,
  <ReferenceInput
    key="category"
    source="category_id"
    reference="categories"
    sort={{ field: 'name', order: 'ASC' }}
    perPage={200}
    queryOptions={{ meta: { columns: ['id', 'name'] } }}
    alwaysOn
  >
    <SelectInput label="resources.articles.fields.category_id" optionText="name" emptyText="Toutes" />
  </ReferenceInput>,
];
