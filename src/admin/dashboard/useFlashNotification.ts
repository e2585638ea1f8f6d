import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { takeFlash } from '@/lib/flash';

/**
 * Shows, once, the message the reader's /auth page left before its full page load to the back
 * office ('Connexion administrateur réussie !'). takeFlash() empties it, so a reload stays quiet.
 */
export function useFlashNotification() {
  const notify = useNotify();
  useEffect(() => {
    const message = takeFlash();
    // The message is already French: no translation key lookup.
    if (message) notify(message, { type: 'success', messageArgs: { _: message } });
  }, [notify]);
}
