import { matchRoute } from '@/public/routes';

/**
 * In data-saver mode, a page meant for reading goes out lite: its server HTML with the lite
 * script instead of the reader app (see lite.ts). Pages used by typing into them keep the app
 * (the route table's `interactive`), pictures still on request.
 */
export const isLitePage = (pathname: string) => !matchRoute(pathname, new URLSearchParams()).route.interactive;
