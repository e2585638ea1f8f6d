import BarChartIcon from '@mui/icons-material/BarChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PublicIcon from '@mui/icons-material/Public';
import { ListItemIcon, MenuItem } from '@mui/material';
import { CanAccess, Menu } from 'react-admin';
import { FrontPageMenuItem } from '../frontPage';
import { NewsletterMenuItem } from '../newsletter';
import { AlertsMenuItem } from '../alerts';
import { EmergencyMenuItem } from '../emergency';
import { DiffusionMenuItem } from '../diffusion';

/** The resources' items show only where canAccess allows (journalists see neither users, the front page nor statistics). */
export function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="Tableau de bord" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItems />
      <FrontPageMenuItem />
      <NewsletterMenuItem />
      <AlertsMenuItem />
      <EmergencyMenuItem />
      <DiffusionMenuItem />
      <CanAccess resource="analytics" action="list">
        <Menu.Item to="/analytics" primaryText="Statistiques" leftIcon={<BarChartIcon />} />
      </CanAccess>
      {/* The reader's site is another application: a plain link, a full page load. */}
      <MenuItem component="a" href="/">
        <ListItemIcon>
          <PublicIcon fontSize="small" />
        </ListItemIcon>
        Voir le site
      </MenuItem>
    </Menu>
  );
}
