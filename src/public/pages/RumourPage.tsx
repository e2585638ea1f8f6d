import { useRef, useState, type FormEvent } from 'react';
import { supabase } from '@/lib/supabase';
import { TextAreaField, TextField } from '../components/FormField';
import { FormSend } from '../components/FormSend';
import { reportRumour, RUMOUR_MESSAGES, RUMOUR_TEXT_MAX, rumourError, type RumourField } from '../api/rumour';
import { screenshotToSend } from './screenshot';
import './ContactPage.css';

/**
 * « Signaler une rumeur » (docs/product.md#signaler-une-rumeur): a reader sends, without an account,
 * a rumour they saw (text, optional link, optional screenshot), which lands in the newsroom's queue.
 * Nothing sent is ever shown back: the thanks say it arrived.
 */
export function RumourPage() {
  const [text, setText] = useState('');
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<Partial<Record<RumourField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const trap = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setFailure(null);
    const found = rumourError({ text, link });
    if (found) return setErrors({ [found.field]: found.message });
    const chosen = file.current?.files?.[0];
    const screenshot = chosen ? await screenshotToSend(chosen).catch(() => null) : null;
    if (chosen && !screenshot) return setErrors({ screenshot: RUMOUR_MESSAGES.screenshot });
    setErrors({});
    setSending(true);
    const outcome = await reportRumour(supabase, { text, link, screenshot }, trap.current?.value ?? '');
    setSending(false);
    if (!outcome.ok) return outcome.field ? setErrors({ [outcome.field]: outcome.message }) : setFailure(outcome.message);
    setSent(true);
    setText('');
    setLink('');
    if (file.current) file.current.value = '';
  };

  return (
    <div className="contact">
      <header className="contact__intro">
        <h1 className="page-title">Signaler une rumeur</h1>
        <p>
          Un message, une vidéo ou une image circule dans vos groupes et vous doutez ? Envoyez-le à la rédaction : nous vérifions et
          publions la réponse dans « Vrai ou faux ». Aucun compte n'est nécessaire ; votre signalement n'est jamais publié.
        </p>
      </header>
      <section className="contact__form-card" aria-labelledby="rumour-form-title">
        <h2 id="rumour-form-title">Votre signalement</h2>
        {sent && (
          <p role="status" className="contact__sent">
            Merci ! Votre signalement est arrivé à la rédaction.
          </p>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={sending}>
          <TextAreaField
            id="rumour-text"
            label="La rumeur"
            rows={5}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={errors.text}
            maxLength={RUMOUR_TEXT_MAX}
            placeholder="Ce que vous avez lu, vu ou entendu, et où."
            required
          />
          <TextField
            id="rumour-link"
            label="Lien (facultatif)"
            type="url"
            inputMode="url"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            error={errors.link}
            placeholder="https://…"
          />
          <TextField
            ref={file}
            id="rumour-screenshot"
            label="Capture d'écran (facultatif, 1 Mo au plus)"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            error={errors.screenshot}
          />
          <FormSend trap={trap} id="rumour" failure={failure} sending={sending} label="Envoyer le signalement" />
        </form>
      </section>
    </div>
  );
}
