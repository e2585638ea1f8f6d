import { Link } from 'react-router-dom';
import { NAV_CATEGORIES } from '../categories';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section>
          <h2>AfriqueActu</h2>
          <p>L'actualité africaine autrement.</p>
        </section>
        <section>
          <h2>Catégories</h2>
          <ul>
            {NAV_CATEGORIES.map((c) => (
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
          </ul>
        </section>
      </div>
      <p className="site-footer__legal">© {new Date().getFullYear()} AfriqueActu</p>
    </footer>
  );
}
