import { DEFAULT_LANGUAGE } from '@app/shared';
import { dropPrerender, startLanguage } from '@/lib/language-start';

/**
 * The admin app's entry. The page's language is fixed first (issue 20): every other module of the
 * app is imported only after it, as modules read their texts as they load (lib/language-start).
 * The sign-in page is prerendered in English; in another language its head script has hidden it,
 * and it is dropped here for the app to render in place of hydrating it.
 */
if ((await startLanguage()) !== DEFAULT_LANGUAGE) dropPrerender(document.getElementById('root'));
await import('@/app/start-admin');
