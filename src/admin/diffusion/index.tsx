import ShareIcon from '@mui/icons-material/Share';
import { guardedScreen } from '../layout/guardedScreen';
import { DiffusionScreen } from './DiffusionScreen';

export const DIFFUSION_PATH = '/diffusion';

/** Not a journalist's resource (providers/access.ts): administrators only, as the database says. */
export const { Route: DiffusionRoute, MenuItem: DiffusionMenuItem } = guardedScreen({
  resource: 'diffusion',
  path: DIFFUSION_PATH,
  label: 'Diffusion',
  icon: <ShareIcon />,
  Screen: DiffusionScreen,
});
