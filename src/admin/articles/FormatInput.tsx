import { RadioButtonGroupInput } from 'react-admin';
import type { ArticleFormat } from './types';

export const FORMAT_CHOICES: { id: ArticleFormat; name: string }[] = [
  { id: 'article', name: 'Article' },
  { id: 'live', name: 'Direct' },
  { id: 'factcheck', name: 'Vrai ou faux' },
];

/**
 * « Format »: « Article », or « Direct » for a live coverage (an election night, a match). A live
 * article keeps everything an article has; once saved as « Direct », its edit screen opens the
 * live desk (entries, coverage state) above the article's fields. « Vrai ou faux » adds the
 * fact-check's fields (the claim, its verdict, the sources, « Vérifié par »): FactCheckFields.
 */
export function FormatInput() {
  return (
    <RadioButtonGroupInput
      source="format"
      label="Format"
      choices={FORMAT_CHOICES}
      defaultValue="article"
      helperText="« Direct » : une couverture en direct, alimentée depuis le bureau du direct. « Vrai ou faux » : une affirmation vérifiée et son verdict."
    />
  );
}
