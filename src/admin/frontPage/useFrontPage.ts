import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { supabase } from '@/lib/supabase';
import { useErrorNotify, useTitledNotify } from '../articles/notify';
import { logFailure } from '../providers/frenchErrors';
import { frontPageStore } from './frontPageStore';
import { lead, type FrontPageArticle, type Slots } from './slots';

const store = frontPageStore(supabase);

export const FRONT_PAGE_QUERY = ['newsroom', 'frontPage'] as const;
const NEWEST_QUERY = ['newsroom', 'frontPage', 'newest'] as const;

/**
 * The front page's four places and the article that leads without a pin. Every change is saved at
 * once (all four places together); while it is on its way the screen shows the places as they
 * will be.
 */
export function useFrontPage() {
  const queryClient = useQueryClient();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const pins = useQuery({
    queryKey: FRONT_PAGE_QUERY,
    queryFn: () => store.read().catch(logFailure('The front page pins could not be read')),
  });
  const newest = useQuery({ queryKey: NEWEST_QUERY, queryFn: () => store.newest() });
  const {
    mutate,
    isPending: saving,
    variables,
  } = useMutation({
    mutationFn: ({ slots }: { slots: Slots }) => store.save(slots),
    onSuccess: (_, { slots }) => {
      queryClient.setQueryData(FRONT_PAGE_QUERY, slots);
      notify('La une est enregistrée', 'Les lecteurs la voient dans la minute.');
    },
    onError: (error) => notifyError(error, { failed: "La une n'a pas été enregistrée", topic: 'frontPage' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FRONT_PAGE_QUERY }),
  });
  const current = pins.data;
  const change = useCallback(
    (next: (slots: Slots) => Slots) => {
      if (current && !saving) mutate({ slots: next(current) });
    },
    [current, saving, mutate],
  );
  return {
    slots: saving && variables ? variables.slots : current,
    newest: newest.data ?? null,
    loading: pins.isPending,
    error: pins.error,
    saving,
    change,
  };
}

/**
 * « Mettre à la une » from elsewhere (the article list): the article leads and the top stories move
 * down one place, read afresh from the database so a colleague's recent choice is kept below it.
 */
export function useLeadArticle() {
  const queryClient = useQueryClient();
  const notify = useTitledNotify();
  const notifyError = useErrorNotify();
  const { mutate, isPending } = useMutation({
    mutationFn: async (article: FrontPageArticle) => {
      const current = await store.read();
      const next = lead(current, article);
      await store.save(next);
      return next;
    },
    onSuccess: (slots, article) => {
      queryClient.setQueryData(FRONT_PAGE_QUERY, slots);
      notify(`« ${article.title} » est à la une`, "Les grands titres qui y étaient descendent d'un rang.");
    },
    onError: (error) => notifyError(error, { failed: "L'article n'a pas été mis à la une", topic: 'frontPage' }),
  });
  return { leadWith: mutate, busy: isPending };
}
