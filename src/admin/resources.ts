import type { ResourceProps } from 'react-admin';
import articles from './articles';
import categories from './categories';
import messages from './messages';
import notices from './notices';
import rumours from './rumours';
import subscribers from './subscribers';
import tags from './tags';
import users from './users';

/**
 * Every back-office resource, in menu order. Adding one: create `src/admin/<name>/index.ts`
 * exporting its ResourceProps (name = the table, list/edit/create components, icon)
 * and add it here, with its name and field labels in providers/messages.ts.
 */
export const resources: ResourceProps[] = [articles, notices, rumours, categories, tags, messages, subscribers, users];
