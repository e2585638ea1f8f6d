import type { ToastInput } from '@/public/toast/Toaster';

/** What the share bar says when the address could not be copied (with the bar's code or without it). */
export const COPY_FAILED: ToastInput = {
  title: 'Impossible de copier le lien',
  description: "Copiez l'adresse depuis la barre du navigateur.",
  variant: 'error',
};
