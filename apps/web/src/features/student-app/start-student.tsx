import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StudentApp } from './StudentApp';

/** The student app's render, imported by student-main.tsx once the page's language is fixed (issue 20). */
const container = document.getElementById('root');
if (!container) throw new Error('student/index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <StudentApp />
  </StrictMode>,
);
