import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { createAppStore } from '@/lib/store';

const store = createAppStore();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider store={store}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
