/** Read by screen readers, not shown: the words that say what a colour and a line already show. */
export const visuallyHidden = {
  position: 'absolute',
  // In pixels: MUI reads a bare 1 as 100%, which stretched this box across the page and let it scroll sideways.
  width: '1px',
  height: '1px',
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
