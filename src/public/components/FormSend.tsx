import type { Ref } from 'react';

/**
 * The end of a reader's form sent to the newsroom (contact, « Signaler une rumeur »): the honeypot
 * (off-screen and out of the tab order: a person never fills it; the database decides what a
 * filled one means), the refusal as a whole, and the send button. Styled by ContactPage.css.
 */
export function FormSend({
  trap,
  id,
  failure,
  sending,
  label,
}: {
  trap: Ref<HTMLInputElement>;
  id: string;
  failure: string | null;
  sending: boolean;
  label: string;
}) {
  return (
    <>
      <div className="contact__trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Site web (laissez ce champ vide)</label>
        <input ref={trap} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {failure && (
        <p className="contact__failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button contact__submit" disabled={sending}>
        {sending ? 'Envoi en cours…' : label}
      </button>
    </>
  );
}
