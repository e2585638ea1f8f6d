import CategoryIcon from '@mui/icons-material/Category';
import type { ResourceProps } from 'react-admin';
import { CategoryCreate, CategoryEdit } from './CategoryForm';
import { CategoryList } from './CategoryList';
import type { Category } from './types';

/** « Rubriques »: the categories, their menu order and names, administrators only (row-level security). */
const categories: ResourceProps = {
  name: 'categories',
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  icon: CategoryIcon,
  recordRepresentation: (record: Category) => record.name,
};

export default categories;
