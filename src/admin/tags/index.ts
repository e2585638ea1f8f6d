import LabelIcon from '@mui/icons-material/Label';
import type { ResourceProps } from 'react-admin';
import { TagCreate, TagEdit } from './TagForm';
import { TagList } from './TagList';
import type { Tag } from './types';

/** « Étiquettes »: countries, topics, people and organisations, administrators only (row-level security). */
const tags: ResourceProps = {
  name: 'tags',
  list: TagList,
  edit: TagEdit,
  create: TagCreate,
  icon: LabelIcon,
  recordRepresentation: (record: Tag) => record.name,
};

export default tags;
