import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { takeFlash } from '@/lib/flash';
import type { NewsroomRole } from '@/lib/roles';
import { useNewsroomRole } from '../providers/useNewsroomRole';

/** What the reader's /auth page leaves for any newsroom member signing in (the spec's text for administrators). */
const SIGN_IN_FLASH = 'Connexion administrateur réussie !';

/** The sign-in greeting as the member's role says it: a journalist is not an administrator. */
export function greetingFor(message: string, role: NewsroomRole): string {
  return message === SIGN_IN_FLASH && role === 'journalist' ? 'Connexion à la rédaction réussie !' : message;
}

/**
 * Shows, once, the message the reader's /auth page left before its full page load to the back
 * office (the sign-in greeting), once the role is known. takeFlash() empties it, so a reload stays quiet.
 */
export function useFlashNotification() {
  const notify = useNotify();
  const role = useNewsroomRole();
  useEffect(() => {
    if (!role) return;
    const message = takeFlash();
    // The message is already French: no translation key lookup.
    if (message) {
      const text = greetingFor(message, role);
      notify(text, { type: 'success', messageArgs: { _: text } });
    }
  }, [notify, role]);
}
