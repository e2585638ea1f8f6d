import { useState, type FormEvent } from 'react';
import { loadDataClient } from '../api/dataClient';
import { useToast } from '@/public/toast/Toaster';

/**
 * The newsletter form (docs/product.md#newsletter-form): an empty e-mail does nothing; otherwise the
 * address is checked and stored (subscribe_newsletter), and the thanks show once it is. The sentence
 * under it says what the reader consents to by signing up. In every reader's first load: the
 * sign-up's code (api/newsletter.ts) comes with the first submit.
 */
export function NewsletterForm({ idPrefix }: { idPrefix: string }) {
  const [email, setEmail] = useState('');
  const toast = useToast();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    try {
      if (await (await import('../api/newsletter')).signUp(await loadDataClient(), email, toast)) setEmail('');
    } catch (error) {
      // The database, or the sign-up's code itself, could not be reached.
      console.error(error);
      toast({ title: "L'inscription n'a pas pu aboutir. Réessayez.", variant: 'error' });
    }
  };
  const id = `${idPrefix}-newsletter-email`;
  return (
    <form className="newsletter" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Votre adresse e-mail
      </label>
      <input
        id={id}
        type="email"
        placeholder="Votre e-mail"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
        maxLength={254}
        aria-describedby={`${id}-consent`}
      />
      <button type="submit" className="button">
        S'inscrire
      </button>
      <small id={`${id}-consent`} className="newsletter__consent">
        En vous inscrivant, vous acceptez de recevoir notre newsletter par e-mail. Désinscription en un clic dans chaque envoi.
      </small>
    </form>
  );
}
