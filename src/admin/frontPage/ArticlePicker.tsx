import { useState } from 'react';
import { AutocompleteInput, Form, ReferenceInput } from 'react-admin';
import { PUBLIC_STATUSES } from '@/lib/articleVisibility';
import { ARTICLE_COLUMNS } from './frontPageStore';
import type { FrontPageArticle } from './slots';

// Only what readers see or will see: published articles, and scheduled ones (they lead once due).
const PICKABLE = { 'status@in': `(${PUBLIC_STATUSES.join(',')})` };
const COLUMNS = ARTICLE_COLUMNS.split(', ');
const noSubmit = () => {};

/**
 * Finds an article by its title (the list's accent-insensitive search) among the published and
 * scheduled ones, newest first, and hands it over. The picker empties again after each choice.
 */
export function ArticlePicker({
  label,
  disabled,
  onPick,
}: {
  label: string;
  disabled?: boolean;
  onPick: (article: FrontPageArticle) => void;
}) {
  const [round, setRound] = useState(0);
  return (
    <Form key={round} record={{}} onSubmit={noSubmit}>
      <ReferenceInput
        source="article_id"
        reference="articles"
        filter={PICKABLE}
        sort={{ field: 'published_at', order: 'DESC' }}
        perPage={20}
        queryOptions={{ meta: { columns: COLUMNS } }}
      >
        <AutocompleteInput<FrontPageArticle>
          label={label}
          optionText="title"
          helperText={false}
          disabled={disabled}
          noOptionsText="Aucun article publié ou programmé ne correspond"
          onChange={(_, record) => {
            if (!record || Array.isArray(record)) return;
            onPick(record);
            setRound((r) => r + 1);
          }}
          sx={{ minWidth: { sm: 420 } }}
        />
      </ReferenceInput>
    </Form>
  );
}
