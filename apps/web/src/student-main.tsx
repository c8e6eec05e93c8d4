import { listenForInstallPrompt } from '@/features/student-app/hooks/use-install-prompt';
import { registerStudentServiceWorker, STUDENT_HOME } from '@/features/student-app/service-worker/register';
import { startLanguage } from '@/lib/language-start';

/**
 * The student app's entry (apps/web/student/index.html, served for /student/*): its own bundle,
 * which imports nothing of the admin app's store, router or screens. The page's language is fixed
 * before the app is imported (issue 20): its modules read their texts as they load
 * (lib/language-start). What runs before reads no text.
 */

// Chrome fires it once, early: listened for before React renders so the Install button can use it.
listenForInstallPrompt();
if (window.location.pathname === '/student') {
  window.history.replaceState(null, '', STUDENT_HOME + window.location.search + window.location.hash);
}
registerStudentServiceWorker();

await startLanguage();
await import('@/features/student-app/start-student');
