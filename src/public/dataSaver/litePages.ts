import { matchRoute } from '@/public/routes';

/**
 * In data-saver mode, a page meant for reading goes out lite: its server HTML with the lite
 * script instead of the reader app (see lite.ts). Pages used by typing into them keep the app
 * (the route table's `interactive`), pictures still on request, and so do pages only the
 * browser can load, with its session (`sessionOnly`: the preview).
 */
export function isLitePage(pathname: string): boolean {
  const { route } = matchRoute(pathname, new URLSearchParams());
  return !route.interactive && !route.sessionOnly;
}
