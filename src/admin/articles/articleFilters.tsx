import { ReferenceInput, SearchInput, SelectInput } from 'react-admin';
import { STATUS_CHOICES } from './statusChoices';
import { fromTitlePattern, toTitlePattern } from './search';

/** Title search (ilike), status and category, always shown above the list. */
export const articleFilters = [
  <SearchInput key="q" source="title@ilike" alwaysOn placeholder="Rechercher par titre" parse={toTitlePattern} format={fromTitlePattern} />,
  <SelectInput key="status" source="status" label="Statut" choices={STATUS_CHOICES} emptyText="Tous" alwaysOn />,
  <ReferenceInput
    key="category"
    source="category_id"
    reference="categories"
    sort={{ field: 'name', order: 'ASC' }}
    perPage={200}
    queryOptions={{ meta: { columns: ['id', 'name'] } }}
    alwaysOn
  >
    <SelectInput label="Catégorie" optionText="name" emptyText="Toutes" />
  </ReferenceInput>,
];
