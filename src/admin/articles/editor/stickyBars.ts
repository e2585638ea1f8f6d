import type { Theme } from '@mui/material';

/**
 * The toolbar: stuck to the top of the screen, on the page's colour, one scrollable row on a phone
 * rather than three. Under react-admin's app bar, which slides over it while the page scrolls up
 * and away as soon as it scrolls down. Following the app bar with the toolbar's offset was tried:
 * the offset's change moved the page, which moved the app bar again, and the page shook.
 */
export const stickyToolbarSx = {
  position: 'sticky',
  top: 0,
  zIndex: (theme: Theme) => theme.zIndex.appBar - 1,
  bgcolor: 'background.paper',
  pt: 1,
  borderBottom: 1,
  borderColor: 'divider',
  // On a phone the buttons scroll sideways in a row as wide as the column: width 0 and min-width
  // 100% keep the row's buttons out of the page's own width (react-admin sizes it to fit its content).
  '& > .RaRichTextInputToolbar-root': {
    flexWrap: { xs: 'nowrap', sm: 'wrap' },
    overflowX: { xs: 'auto', sm: 'visible' },
    width: { xs: 0, sm: 'auto' },
    minWidth: '100%',
  },
};

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
