import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import { mergeTranslations } from 'react-admin';
import { newsroomMessages } from './messages';

export const i18nProvider = polyglotI18nProvider(() => mergeTranslations(frenchMessages, newsroomMessages), 'fr', [
  { locale: 'fr', name: 'Français' },
]);
