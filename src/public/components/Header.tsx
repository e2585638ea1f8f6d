import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from '@/public/router/Router';
import { useMenuCategories } from '../categories';
import { DataSaverToggle } from '../dataSaver/DataSaverToggle';
import { AccountControls } from './AccountControls';
import { SearchBox } from './SearchBox';
import './Header.css';

export function Header() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const menu = useMenuCategories();
  useEffect(() => {
    if (!open) return;
    // Escape closes the open menu, as any disclosure; focus inside it goes back to its button.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      if (nav.current?.contains(document.activeElement)) toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-logo" onClick={close}>
          Afrique<span>Actu</span>
        </Link>
        <div className="site-header__tools">
          <SearchBox onSearch={close} />
          <AccountControls onNavigate={close} />
          <button
            ref={toggle}
            type="button"
            className="menu-toggle"
            aria-expanded={open}
            aria-controls="site-nav"
            aria-label={open ? 'Fermer le menu' : 'Ouvrir le menu'}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? '✕' : '☰'}</span>
          </button>
        </div>
      </div>
      <nav ref={nav} id="site-nav" className={open ? 'site-nav site-nav--open' : 'site-nav'} aria-label="Navigation principale">
        <NavLink to="/" end onClick={close}>
          Accueil
        </NavLink>
        {menu.map((c) => (
          <NavLink key={c.slug} to={`/category/${c.slug}`} onClick={close}>
            {c.name}
          </NavLink>
        ))}
        <NavLink to="/about" onClick={close}>
          À propos
        </NavLink>
        <NavLink to="/contact" onClick={close}>
          Contact
        </NavLink>
        {/* Within reach on every page (issue 25), where it was at the foot of a long page. */}
        <DataSaverToggle />
      </nav>
    </header>
  );
}
