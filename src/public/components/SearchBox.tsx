import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@/public/router/Router';
import { matchPath } from '@/public/router/match';
import { PATHS, SEARCH_MAX, searchQuery } from '../routes';

/** The header's search: goes to /search?q=… (results come from French full-text search). */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // The words the results are for, as the route table reads them from the URL: on the search page
  // only. Every other page is one kept copy served whatever the address's query (the server's page
  // cache), so a `?q=` there must not write into it what the next readers see.
  // As the route table matches it (a trailing slash, an encoded letter), like the server's render.
  const [q, setQ] = useState(() => (matchPath(PATHS.search, pathname) ? searchQuery(params.get('q')) : ''));
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const words = q.trim();
    if (!words) return;
    navigate(`/search?q=${encodeURIComponent(words)}`);
    onSearch?.();
  };
  return (
    // action and name: without the app (a lite page, JavaScript off), the form still searches.
    <form role="search" className="search-box" action="/search" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Rechercher un article
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        placeholder="Rechercher…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        maxLength={SEARCH_MAX}
      />
      <button type="submit" aria-label="Lancer la recherche">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
