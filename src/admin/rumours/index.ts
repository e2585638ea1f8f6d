import ReportIcon from '@mui/icons-material/ReportGmailerrorred';
import type { ResourceProps } from 'react-admin';
import { RumourEdit } from './RumourEdit';
import { RumourList } from './RumourList';
import type { RumourReport } from './status';

/** « Rumeurs signalées »: what readers sent through « Signaler une rumeur », the newsroom's queue (row-level security: journalists too). */
const rumours: ResourceProps = {
  name: 'rumour_reports',
  list: RumourList,
  edit: RumourEdit,
  icon: ReportIcon,
  recordRepresentation: (record: RumourReport) => record.body.slice(0, 60),
};

export default rumours;
