import { useRef, useState, type FormEvent } from 'react';
import { supabase } from '@/lib/supabase';
import { TextAreaField, TextField } from '../components/FormField';
import { FormSend } from '../components/FormSend';
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH, hasErrors, validateContact, type ContactValues, type FieldErrors } from '../auth/validation';
import { sendContactMessage } from '../api/contact';
import { useToast } from '@/public/toast/Toaster';
import './ContactPage.css';

export const CONTACT = {
  email: 'redaction@afrique-actu.com',
  // ARCEP reserves 01 99 00 xx xx for fiction, so this number rings nobody.
  phone: { display: '+33 1 99 00 12 34', href: 'tel:+33199001234' },
  address: ['12 rue des Martyrs', '75009 Paris', 'France'],
  recruitment: 'recrutement@afrique-actu.com',
  partnerships: 'partenariats@afrique-actu.com',
};
const EMPTY: ContactValues = { fullName: '', email: '', message: '' };

const mailto = (address: string, subject: string) => `mailto:${address}?subject=${encodeURIComponent(subject)}`;

const FIELDS = ['fullName', 'email', 'message'] as const;

/**
 * The Contact page (docs/product.md#contact). Its form reaches the newsroom's « Messages »: the
 * thanks show once the database has stored the message; a refusal is said and the text stays.
 */
export function ContactPage() {
  const toast = useToast();
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContactValues>>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The honeypot: a field people never see, which form-filling robots fill (kept out of React's state).
  const trap = useRef<HTMLInputElement>(null);
  const refs = {
    fullName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const change = (field: keyof ContactValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const showErrors = (found: FieldErrors<ContactValues>) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = validateContact(values);
    setFailure(null);
    if (hasErrors(found)) return showErrors(found);
    setErrors({});
    setSending(true);
    const outcome = await sendContactMessage(supabase, values, trap.current?.value ?? '');
    setSending(false);
    if (!outcome.ok) {
      if ('field' in outcome) showErrors({ [outcome.field]: outcome.message });
      else setFailure(outcome.message);
      return;
    }
    const firstName = values.fullName.trim().split(/\s+/)[0];
    toast({ title: 'Message envoyé !', description: `Merci ${firstName}, nous avons bien pris note de votre message.` });
    setValues(EMPTY);
  };

  return (
    <div className="contact">
      <header className="contact__intro">
        <h1 className="page-title">Contactez-nous</h1>
        <p>
          Une information à nous signaler, une réaction à un article, une erreur à corriger ? La rédaction lit chaque message avec
          attention.
        </p>
      </header>

      <section className="contact__form-card" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Écrire à la rédaction</h2>
        <p className="contact__required">Tous les champs sont obligatoires.</p>
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={sending}>
          <TextField
            ref={refs.fullName}
            id="contact-fullname"
            label="Nom complet"
            value={values.fullName}
            onChange={change('fullName')}
            error={errors.fullName}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.fullName}
            required
          />
          <TextField
            ref={refs.email}
            id="contact-email"
            label="Email"
            type="email"
            inputMode="email"
            value={values.email}
            onChange={change('email')}
            error={errors.email}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="nom@exemple.com"
            maxLength={EMAIL_MAX_LENGTH}
            required
          />
          <TextAreaField
            ref={refs.message}
            id="contact-message"
            label="Message"
            rows={6}
            value={values.message}
            onChange={change('message')}
            error={errors.message}
            placeholder="Votre message, vos sources ou votre question…"
            required
          />
          <FormSend trap={trap} id="contact" failure={failure} sending={sending} label="Envoyer le message" />
        </form>
      </section>

      <aside className="contact__aside" aria-label="Autres moyens de nous joindre">
        <section className="contact__box" aria-labelledby="contact-details">
          <h2 id="contact-details">Nos coordonnées</h2>
          <dl className="contact__details">
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
            </dd>
            <dt>Téléphone</dt>
            <dd>
              <a href={CONTACT.phone.href}>{CONTACT.phone.display}</a>
              <br />
              <span className="contact__muted">Du lundi au vendredi, de 9 h à 18 h (heure de Paris)</span>
            </dd>
            <dt>Adresse</dt>
            <dd>
              <address>
                Afrique Actu
                {CONTACT.address.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </dl>
        </section>

        <section className="contact__box contact__box--accent" aria-labelledby="contact-jobs">
          <h2 id="contact-jobs">Journalistes, rejoignez-nous</h2>
          <p>
            Reporters, correspondants, photographes, vidéastes : vous couvrez l'actualité d'un pays africain ou de sa diaspora et partagez
            notre exigence d'une information vérifiée ? Envoyez-nous votre CV, trois réalisations récentes et vos idées de sujets.
          </p>
          <a className="button button--small" href={mailto(CONTACT.recruitment, 'Candidature – journaliste')}>
            Envoyer ma candidature
          </a>
        </section>

        <section className="contact__box" aria-labelledby="contact-partners">
          <h2 id="contact-partners">Partenariats</h2>
          <p>
            Médias, institutions, entreprises, festivals ou ONG : construisons ensemble des coproductions éditoriales, des événements et des
            projets au service de l'information sur le continent, dans le respect de notre indépendance.
          </p>
          <a className="button button--ghost button--small" href={mailto(CONTACT.partnerships, 'Proposition de partenariat')}>
            Proposer un partenariat
          </a>
        </section>
      </aside>
    </div>
  );
}
