import { useState, type FormEvent } from 'react';
import { useToast } from '@/public/toast/Toaster';

/** The newsletter form stores and sends nothing; an empty e-mail does nothing (docs/product.md#newsletter-form). */
export function NewsletterForm({ idPrefix }: { idPrefix: string }) {
  const [email, setEmail] = useState('');
  const toast = useToast();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    toast({ title: 'Inscription réussie !', description: 'Merci de votre intérêt pour notre newsletter.' });
    setEmail('');
  };
  const id = `${idPrefix}-newsletter-email`;
  return (
    <form className="newsletter" onSubmit={submit} noValidate>
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
      />
      <button type="submit" className="button">
        S'inscrire
      </button>
    </form>
  );
}
