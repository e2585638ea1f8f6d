import { RadioButtonGroupInput } from 'react-admin';
import type { ArticleFormat } from './types';

export const FORMAT_CHOICES: { id: ArticleFormat; name: string }[] = [
  { id: 'article', name: 'Article' },
  { id: 'live', name: 'Direct' },
];

/**
 * « Format »: « Article », or « Direct » for a live coverage (an election night, a match). A live
 * article keeps everything an article has; once saved as « Direct », its edit screen opens the
 * live desk (entries, coverage state) above the article's fields.
 */
export function FormatInput() {
  return (
    <RadioButtonGroupInput
      source="format"
      label="Format"
      choices={FORMAT_CHOICES}
      defaultValue="article"
      helperText="« Direct » : une couverture en direct, alimentée par des entrées courtes depuis le bureau du direct."
    />
  );
}
