import { Alert, AlertTitle } from '@mui/material';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

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

/** A failure's own message, when it has one worth showing. */
export function errorMessage(error: unknown): string | undefined {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}
