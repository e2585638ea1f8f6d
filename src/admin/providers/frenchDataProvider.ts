import type { DataProvider } from 'react-admin';
import { asShownError, type ErrorTopic } from './frenchErrors';

// Who may do what, for a permission refusal, by the resource asked about.
const TOPICS: Record<string, ErrorTopic> = {
  articles: 'article',
  article_images: 'image',
  front_page: 'frontPage',
  accounts: 'account',
  user_roles: 'account',
};

/**
 * The REST provider with its failures in French: react-admin shows an error's message in its own
 * notifications and under its inputs (a reference list that failed to load), so each rejection
 * becomes a ShownError carrying the French sentence, with the original as its cause and its
 * status and body kept (react-admin, the editor and the auth provider read them). The original
 * goes to the console.
 */
export function withFrenchErrors<P extends DataProvider>(provider: P): P {
  const wrapped: Record<string, unknown> = { ...provider };
  for (const [name, method] of Object.entries(provider)) {
    if (typeof method !== 'function') continue;
    wrapped[name] = (...args: unknown[]) => {
      const result: unknown = method.apply(provider, args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        console.error(`Data provider ${name} failed`, error);
        throw asShownError(error, typeof args[0] === 'string' ? TOPICS[args[0]] : undefined);
      });
    };
  }
  return wrapped as P;
}
