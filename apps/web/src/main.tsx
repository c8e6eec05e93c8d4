import { DEFAULT_LANGUAGE } from '@app/shared';
import { startFirstScreen } from '@/app/first-screen';
import { dropPrerender, startLanguage } from '@/lib/language-start';

/**
 * The admin app's entry. The page's language is fixed first (issue 20): every other module of the
 * app is imported only after it, as modules read their texts as they load (lib/language-start).
 * The sign-in page is prerendered in English; in another language its head script has hidden it,
 * and it is dropped here for the app to render in place of hydrating it.
 * Then an /app screen's own chunks and first calls start beside the app's (app/first-screen).
 */
if ((await startLanguage()) !== DEFAULT_LANGUAGE) dropPrerender(document.getElementById('root'));
startFirstScreen(window.location.pathname);
await import('@/app/start-admin');
