import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { buildEdition } from './edition';
import { confirmationMail, editionMail } from './mails';

const sender = { name: 'Afrique Actu', address: 'matinale@news.afriqueactu.example', origin: 'https://afriqueactu.example' };

/** The message as it goes on the wire (nodemailer's own MIME, no server). */
async function raw(mail: ReturnType<typeof editionMail>): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
  });
  // Long headers are folded on the wire (RFC 5322): unfolded, as a mail client reads them.
  return (info.message as Buffer).toString('utf8').replace(/\r\n[ \t]+/g, ' ');
}

describe('an edition for one recipient', () => {
  const edition = buildEdition(
    [
      {
        slug: 'sommet',
        title: 'Sommet',
        excerpt: 'Résumé',
        content: '',
        key_points: [],
        published_at: '2026-11-26T05:00:00Z',
        image_url: null,
      },
    ],
    { origin: sender.origin, date: new Date('2026-11-26T06:00:00Z'), timeZone: 'UTC', postalAddress: 'BP 1234, Dakar' },
  )!;

  it('carries RFC 8058 one-click unsubscribe and List-Id headers, with their own link', async () => {
    const mail = editionMail(sender, edition, 'awa@exemple.sn', 'TOKEN_abc');
    const link = 'https://afriqueactu.example/newsletter/desinscription?jeton=TOKEN_abc';
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': 'La Matinale <la-matinale.afriqueactu.example>',
    });
    const wire = await raw(mail);
    expect(wire).toMatch(new RegExp(`^List-Unsubscribe: <${link.replace(/[?.]/g, '\\$&')}>\\r?$`, 'm'));
    expect(wire).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    // Header names are case-insensitive (nodemailer writes List-ID).
    expect(wire).toMatch(/^List-Id: La Matinale <la-matinale\.afriqueactu\.example>\r?$/im);
    // A text part and an HTML part.
    expect(wire).toMatch(/Content-Type: text\/plain/);
    expect(wire).toMatch(/Content-Type: text\/html/);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('the confirmation mail links the confirmation page, in French, with no unsubscribe header (it is no mailing)', () => {
    const mail = confirmationMail(sender, 'awa@exemple.sn', 'TOKEN_abc');
    expect(mail.subject).toBe('Confirmez votre inscription à La Matinale');
    expect(mail.text).toContain('https://afriqueactu.example/newsletter/confirmation?jeton=TOKEN_abc');
    expect(mail.headers).toEqual({});
  });

  it('the confirmation mail promises what the footer and the pages promise: daily, at the settings’ send time', () => {
    const mail = confirmationMail(sender, 'awa@exemple.sn', 'TOKEN_abc', '07:15:00');
    const promise = "La Matinale, la lettre quotidienne d'Afrique Actu : l'essentiel de l'actualité africaine, chaque matin à 7 h 15.";
    expect(mail.text).toContain(`avez demandé à recevoir ${promise}`);
    expect(mail.html).toContain("La Matinale, la lettre quotidienne d'Afrique Actu");
    expect(mail.html).toContain('chaque matin à 7 h 15.');
    expect(confirmationMail(sender, 'awa@exemple.sn', 'TOKEN_abc').text).toContain('chaque matin à 6 h 30.');
  });
});
