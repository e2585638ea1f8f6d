import { currentYear } from '@/lib/dates';
import { newsletterPromise } from '@/lib/newsletterPromise';
import { useOptionalPage } from '@/public/page/PageContext';
import { Link } from '@/public/router/Router';
import { useMenuCategories } from '../categories';
import { Icon, type IconName } from './Icon';
import { NewsletterForm } from './NewsletterForm';

const SOCIAL: { name: string; href: string; icon: IconName }[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { name: 'X (Twitter)', href: 'https://x.com/', icon: 'twitter' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
  { name: 'WhatsApp', href: 'https://www.whatsapp.com/', icon: 'whatsapp' },
  { name: 'TikTok', href: 'https://www.tiktok.com/', icon: 'tiktok' },
];

/** The footer's content: its own chunk, rendered by the server and by pages the browser makes (SiteFooter). */
export function Footer() {
  const menu = useMenuCategories();
  // The promise the sign-up pages and the confirmation mail make too, at the settings' send time.
  const promise = newsletterPromise(useOptionalPage()?.newsletterTime);
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section>
          <h2>AfriqueActu</h2>
          <p>L'actualité africaine autrement : des faits vérifiés, des regards du continent.</p>
          <ul className="site-footer__social" aria-label="Réseaux sociaux">
            {SOCIAL.map((s) => (
              <li key={s.name}>
                {/* An icon named for the network (its accessible name and tooltip). */}
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.name} title={s.name}>
                  <Icon name={s.icon} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>Catégories</h2>
          <ul>
            {menu.map((c) => (
              <li key={c.slug}>
                <Link to={`/category/${c.slug}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>À propos</h2>
          <ul>
            <li>
              <Link to="/about">Qui sommes-nous</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/contact">Nous rejoindre</Link>
            </li>
            <li>
              <Link to="/corrections">Corrections</Link>
            </li>
            <li>
              <Link to="/mesure-d-audience">Mesure d'audience</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Newsletter</h2>
          <p>{promise.sentence}</p>
          <NewsletterForm idPrefix="footer" />
        </section>
      </div>
      <p className="site-footer__legal">
        © {currentYear()} AfriqueActu ·{' '}
        {/* Legal pages are not written yet: placeholders that lead nowhere (docs/product.md#footer), so
            buttons styled as links and announced as unavailable rather than links to "#". */}
        <LegalPlaceholder>Mentions légales</LegalPlaceholder> · <LegalPlaceholder>Confidentialité</LegalPlaceholder> ·{' '}
        <LegalPlaceholder>Conditions d'utilisation</LegalPlaceholder>
      </p>
    </footer>
  );
}

function LegalPlaceholder({ children }: { children: string }) {
  return (
    <button type="button" className="site-footer__placeholder" aria-disabled="true">
      {children}
    </button>
  );
}
