import { Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { supabase } from '@/lib/supabase';
import { useErrorNotify, useTitledNotify } from '../articles/notify';
import { tagOptionText } from '../tags/types';
import { topicStripStore } from './topicStripStore';

const store = topicStripStore(supabase);
// Not under useFrontPage's key: saving « La une » refetches its pins, not the strip.
const QUERY = ['newsroom', 'frontPageTopic'] as const;

/**
 * « Bandeau thématique »: the country or topic the home page shows as a strip under the lead story
 * (« Élections au Sénégal »), chosen by a type-ahead among the visible tags and saved at once;
 * « Retirer le bandeau » takes it away.
 */
export function TopicStripCard() {
  const queryClient = useQueryClient();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const { data: pinned, error } = useQuery({ queryKey: QUERY, queryFn: () => store.read() });
  const form = useForm({ values: { tag_id: pinned ?? null } });
  const save = async (tagId: string | null) => {
    try {
      await store.save(tagId);
      queryClient.setQueryData(QUERY, tagId);
      notify(tagId ? 'Bandeau enregistré' : 'Bandeau retiré', 'Les lecteurs le voient dans la minute.');
    } catch (failure) {
      form.reset({ tag_id: pinned ?? null });
      notifyError(failure, { failed: "Le bandeau n'a pas été enregistré" });
    }
  };
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Bandeau thématique
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Un pays ou un sujet sous l'article à la une (« Élections au Sénégal ») : son nom mène à sa page, suivi de ses derniers titres.
          Facultatif.
        </Typography>
        <FormProvider {...form}>
          <ReferenceInput source="tag_id" reference="tags" filter={{ hidden: false }} sort={{ field: 'name', order: 'ASC' }} perPage={20}>
            <AutocompleteInput
              label="Pays ou sujet du bandeau"
              optionText={tagOptionText}
              helperText={error ? 'Impossible de charger le bandeau' : 'Tapez « senegal » pour « Sénégal ».'}
              disabled={pinned === undefined}
              fullWidth
              noOptionsText="Aucune étiquette de ce nom"
              onChange={(id: string | null) => id && id !== pinned && void save(id)}
            />
          </ReferenceInput>
        </FormProvider>
        {pinned && (
          <Button variant="outlined" onClick={() => void save(null)}>
            Retirer le bandeau
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
