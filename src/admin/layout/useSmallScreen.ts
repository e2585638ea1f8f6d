import { useMediaQuery, type Theme } from '@mui/material';

/**
 * Below MUI's `sm` breakpoint (600 px): a phone held upright. Lists turn into react-admin's
 * one-column SimpleList there, as react-admin's own demo does; a table of five columns cannot fit.
 */
export const useSmallScreen = () => useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
