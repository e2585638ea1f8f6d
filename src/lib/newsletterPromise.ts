import { clockLabel } from './clockTime';

// What every place that speaks of the newsletter promises (the footer, the sign-up pages, the
// confirmation mail, the back office's « Newsletter » screen), worded once from its settings: a
// reader consents to what they will get.

/** The newsletter's name: its mails' subject and header, and every mention of it. */
export const NEWSLETTER_NAME = 'La Matinale';

/** newsletter_settings.send_time's default: what is said until the settings are read. */
export const DEFAULT_SEND_TIME = '06:30';

export interface NewsletterPromise {
  name: string;
  /** « chaque matin à 6 h 30 » (« chaque jour à 18 h » after noon). */
  when: string;
  /** One sentence: name, frequency, time, content (the footer, the sign-up form, the mail). */
  sentence: string;
}

/** The newsletter as promised, at its settings' send time (the newsroom's zone). */
export function newsletterPromise(sendTime: string | null | undefined = DEFAULT_SEND_TIME): NewsletterPromise {
  const time = sendTime && /^\d{1,2}:\d{2}/.test(sendTime) ? sendTime : DEFAULT_SEND_TIME;
  const when = `${Number(time.split(':')[0]) < 12 ? 'chaque matin' : 'chaque jour'} à ${clockLabel(time)}`;
  return {
    name: NEWSLETTER_NAME,
    when,
    sentence: `${NEWSLETTER_NAME}, la lettre quotidienne d'Afrique Actu : l'essentiel de l'actualité africaine, ${when}.`,
  };
}
