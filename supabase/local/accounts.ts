/**
 * The local accounts that supabase/seed.sql creates, printed by `npm run dev` and listed in the
 * README. A test signs in with each, so this list and the seed cannot drift apart.
 * Local only: a hosted project gets its first admin from `npm run admin:create`.
 */
export const LOCAL_ACCOUNTS = [
  { role: 'admin', email: 'admin@afrique-actu.local', password: 'admin-local-123', fullName: 'Aminata Diallo' },
  { role: 'reader', email: 'lecteur@afrique-actu.local', password: 'lecteur-local-123', fullName: 'Kwame Mensah' },
  { role: 'admin', email: 'jeanbaptiste.mbarga@afrique-actu.local', password: 'redaction-local-123', fullName: 'Jean-Baptiste Mbarga' },
  { role: 'admin', email: 'nadia.benali@afrique-actu.local', password: 'redaction-local-123', fullName: 'Nadia Benali' },
  { role: 'journalist', email: 'journaliste@afrique-actu.local', password: 'journaliste-local-123', fullName: 'Moussa Traoré' },
] as const;
