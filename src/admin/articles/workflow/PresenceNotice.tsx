import PeopleIcon from '@mui/icons-material/People';
import { Alert, Stack } from '@mui/material';
import { othersSentence, SELF_ELSEWHERE } from './presence';
import { useArticlePresence } from './useArticlePresence';

/** "Aminata Diallo modifie aussi cet article": who else has this article open right now. */
export function PresenceNotice({ articleId }: { articleId: string }) {
  const { names, selfElsewhere } = useArticlePresence(articleId);
  const others = othersSentence(names);
  return (
    // Announced when it changes, without taking the focus.
    <Stack spacing={1} role="status" aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
      {others && (
        <Alert severity="warning" icon={<PeopleIcon fontSize="inherit" />}>
          {others}. Le premier à enregistrer l'emporte ; l'autre devra recharger l'article.
        </Alert>
      )}
      {selfElsewhere && <Alert severity="info">{SELF_ELSEWHERE}.</Alert>}
    </Stack>
  );
}
