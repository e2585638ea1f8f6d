import { useToast } from '@/public/toast/Toaster';
import { submitNewsletter } from './newsletterSubmit';

/**
 * The newsletter form (docs/product.md#newsletter-form): its submit is submitNewsletter's, which
 * the footer's markup kept as the server made it uses too. The sentence under it says what the
 * reader consents to by signing up.
 */
export function NewsletterForm({ idPrefix }: { idPrefix: string }) {
  const toast = useToast();
  const id = `${idPrefix}-newsletter-email`;
  return (
    <form className="newsletter" onSubmit={(e) => submitNewsletter(e, toast)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Votre adresse e-mail
      </label>
      <input
        id={id}
        type="email"
        name="email"
        placeholder="Votre e-mail"
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
