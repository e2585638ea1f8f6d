import { describe, expect, it } from 'vitest';
import { noticeMail, type ClaimedNotice } from './noticeMails';

const sender = { name: 'Afrique Actu', address: 'matinale@afriqueactu.test', origin: 'https://afriqueactu.test' };
const notice = (extra: Partial<ClaimedNotice> = {}): ClaimedNotice => ({
  notice_id: 7,
  email: 'awa@afriqueactu.test',
  kind: 'sent_back',
  article_id: 'a1b2',
  title: 'Budget 2027 : <ce qui change>',
  note: 'Sourcez le chiffre.\nEt le titre.',
  author_name: 'Fatou Diallo',
  ...extra,
});

describe('noticeMail', () => {
  it('says who did what to which article, with the note, a link to the article and one to the settings', () => {
    const mail = noticeMail(sender, notice())!;
    expect(mail.to).toBe('awa@afriqueactu.test');
    expect(mail.subject).toBe('Renvoyé avec remarques : Budget 2027 : <ce qui change>');
    expect(mail.text).toContain('Fatou Diallo vous a renvoyé « Budget 2027 : <ce qui change> » avec des remarques.');
    expect(mail.text).toContain('Remarque :\nSourcez le chiffre.\nEt le titre.');
    expect(mail.text).toContain('https://afriqueactu.test/admin/articles/a1b2');
    expect(mail.text).toContain('https://afriqueactu.test/admin/notices');
    // The title and the note are text in the HTML part, never markup.
    expect(mail.html).toContain('&lt;ce qui change&gt;');
    expect(mail.html).not.toContain('<ce qui change>');
  });

  it('names each kind in the subject; without a note or a name it says so plainly', () => {
    expect(noticeMail(sender, notice({ kind: 'submitted' }))!.subject).toMatch(/^À relire : /);
    expect(noticeMail(sender, notice({ kind: 'scheduled' }))!.subject).toMatch(/^Programmé : /);
    const published = noticeMail(sender, notice({ kind: 'published', note: null, author_name: null }))!;
    expect(published.subject).toMatch(/^Publié : /);
    expect(published.text).toContain('La rédaction a publié');
    expect(published.text).not.toContain('Remarque');
  });

  it('a kind it does not know makes no mail', () => {
    expect(noticeMail(sender, notice({ kind: 'autre' }))).toBeNull();
  });
});
