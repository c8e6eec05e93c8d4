import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StudentApp } from '@/features/student-app/StudentApp';
import { listenForInstallPrompt } from '@/features/student-app/hooks/use-install-prompt';
import { registerStudentServiceWorker, STUDENT_HOME } from '@/features/student-app/service-worker/register';

/**
 * The student app's entry (apps/web/student/index.html, served for /student/*): its own bundle,
 * which imports nothing of the admin app's store, router or screens.
 */
const container = document.getElementById('root');
if (!container) throw new Error('student/index.html has no #root element');

// Chrome fires it once, early: listened for before React renders so the Install button can use it.
listenForInstallPrompt();
if (window.location.pathname === '/student') {
  window.history.replaceState(null, '', STUDENT_HOME + window.location.search + window.location.hash);
}
registerStudentServiceWorker();

createRoot(container).render(
  <StrictMode>
    <StudentApp />
  </StrictMode>,
);
