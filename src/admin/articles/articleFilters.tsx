import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { STATUS_CHOICES } from './statusChoices';
import { fromTitlePattern, toTitlePattern } from './search';

/**
 * Title search (ilike), status and category, always shown above the list. The category's select
 * names its label's key: inside a ReferenceInput its own resource would be 'categories'.
 */
export const articleFilters = [
  <SearchInput key="q" source="title@ilike" alwaysOn placeholder="Rechercher par titre" parse={toTitlePattern} format={fromTitlePattern} />,
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
