import { useMediaQuery, useScrollTrigger, type Theme } from '@mui/material';

/**
 * Where the formatting toolbar sticks: under react-admin's app bar while it shows, at the very top
 * once it has slid away (it hides as the page scrolls down and comes back on the way up, with the
 * same trigger as here). Its height is react-admin's: a regular toolbar on phones, dense above.
 */
export function useStickyToolbarTop(): number {
  const appBarHidden = useScrollTrigger();
  const phone = useMediaQuery<Theme>((theme: Theme) => theme.breakpoints.down('sm'));
  if (appBarHidden) return 0;
  return phone ? 56 : 48;
}

/** The toolbar: stuck at `top`, on the page's colour, one scrollable row on a phone rather than three. */
export const stickyToolbarSx = (top: number) => ({
  position: 'sticky',
  top,
  transition: (theme: Theme) => theme.transitions.create('top'),
  // Under the app bar and menus, over the text scrolling beneath it.
  zIndex: (theme: Theme) => theme.zIndex.appBar - 1,
  bgcolor: 'background.paper',
  pt: 1,
  borderBottom: 1,
  borderColor: 'divider',
  '& > .RaRichTextInputToolbar-root': { flexWrap: { xs: 'nowrap', sm: 'wrap' }, overflowX: { xs: 'auto', sm: 'visible' } },
});

/** The save bar: stuck to the bottom of the screen while the form goes on below it. */
export const stickySaveBarSx = {
  position: 'sticky',
  bottom: 0,
  zIndex: (theme: Theme) => theme.zIndex.appBar - 1,
  bgcolor: 'background.paper',
  borderTop: 1,
  borderColor: 'divider',
  // Across the card's padding, so the text does not show at its sides.
  mx: -2,
  px: 2,
  py: 1,
};
