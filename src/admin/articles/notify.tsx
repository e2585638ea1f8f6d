import { Alert, AlertTitle } from '@mui/material';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { reportError, type ErrorTopic } from '../providers/frenchErrors';

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * react-admin's notification with the product's title + description pairs ('Erreur' /
 * 'Impossible de charger les articles', docs/product.md#back-office-messages), rendered as an
 * Alert so both lines are read out.
 */
export function useTitledNotify() {
  const notify = useNotify();
  return useCallback(
    (title: string, description?: string, kind: Kind = 'success') =>
      notify(
        <Alert severity={kind} variant="filled" sx={{ minWidth: 280 }}>
          <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
          {description}
        </Alert>,
        { type: kind },
      ),
    [notify],
  );
}

/**
 * A failure told to the journalist: « Erreur » and, after what could not be done (`failed`), the
 * French sentence saying what to do (frenchErrors.ts); the original error goes to the console.
 */
export function useErrorNotify() {
  const notify = useTitledNotify();
  return useCallback(
    (error: unknown, { failed, topic, title = 'Erreur' }: { failed?: string; topic?: ErrorTopic; title?: string } = {}) =>
      notify(title, [failed && `${failed}.`, reportError(error, topic)].filter(Boolean).join(' '), 'error'),
    [notify],
  );
}
