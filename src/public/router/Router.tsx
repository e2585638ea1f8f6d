import {
  Children,
  createContext,
  type AnchorHTMLAttributes,
  type MouseEvent,
  isValidElement,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import { navigateTo, placeOf, subscribe, type Place } from './history';
import { matchPath, type Params } from './match';

// The reader's router: the few things its pages use (routes with params, links, the location,
// search params, navigation) in a few hundred bytes. react-router stays in the back office,
// which needs all of it; sharing it would put the admin's share of it in every reader's download.

const PlaceContext = createContext<Place | null>(null);
const ParamsContext = createContext<Params>({});

let cachedHref = '';
let cachedPlace: Place = { pathname: '/', search: '', hash: '' };
function currentPlace(): Place {
  if (window.location.href !== cachedHref) {
    cachedHref = window.location.href;
    cachedPlace = placeOf(window.location);
  }
  return cachedPlace;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const place = useSyncExternalStore(subscribe, currentPlace, currentPlace);
  return <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>;
}

/** A fixed location, for rendering a page outside a browser (server rendering, tests). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  // Joined as text: a location starting with // must stay a path, not become a host.
  const place = useMemo(() => placeOf(new URL(`http://localhost${location}`)), [location]);
  return <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>;
}

export function useLocation(): Place {
  const place = useContext(PlaceContext);
  if (!place) throw new Error('useLocation must be used inside <BrowserRouter> or <StaticRouter>');
  return place;
}

export const useParams = (): Params => useContext(ParamsContext);

export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return navigateTo;
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

export interface RouteProps {
  path: string;
  element: ReactNode;
}
/** Declares a route inside <Routes>; renders nothing by itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Renders the first <Route> whose path matches, giving it its params. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement(child)) continue;
    const { path, element } = (child as ReactElement<RouteProps>).props;
    const params = matchPath(path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{element}</ParamsContext.Provider>;
  }
  return null;
}

export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigateTo(to, { replace }), [to, replace]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/** A click the page may take over: the main button, no key held (those open a tab or a window). */
const plainClick = (e: MouseEvent) => !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey;

/** A real link (it works without JavaScript and in a new tab); a plain click navigates in place. */
export function Link({ to, replace, onClick, target, children, ...rest }: LinkProps) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (!plainClick(e) || (target && target !== '_self')) return;
    e.preventDefault();
    navigateTo(to, { replace });
  };
  return (
    <a href={to} target={target} onClick={handle} {...rest}>
      {children}
    </a>
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this exact path, not on paths below it. */
  end?: boolean;
}

/** A navigation link marked active (class "active", aria-current="page") on its page. */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const active = end || to === '/' ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link
      to={to}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
      {...rest}
    />
  );
}

/**
 * What <Link> does, for links in markup React did not render (a part of the page kept as the
 * server made it, page/KeptPart.tsx): a plain click on one of the site's links navigates in place.
 */
export function followLink(e: MouseEvent) {
  const link = e.target instanceof Element ? e.target.closest('a') : null;
  if (!link || !plainClick(e) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  if (link.origin !== window.location.origin) return;
  e.preventDefault();
  navigateTo(link.href);
}
