import BarChartIcon from '@mui/icons-material/BarChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PublicIcon from '@mui/icons-material/Public';
import { ListItemIcon, MenuItem } from '@mui/material';
import { Menu } from 'react-admin';

export function AdminMenu() {
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="Tableau de bord" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItems />
      <Menu.Item to="/analytics" primaryText="Statistiques" leftIcon={<BarChartIcon />} />
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
