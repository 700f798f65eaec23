import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Toaster } from '../../src/web/components/ui/toast';
import { AuthDialogProvider } from '../../src/web/features/auth/auth-dialog-context';
import { queryClient } from '../../src/web/lib/query-client';
import AdminPage from '../../src/web/pages/AdminPage';

/** The staff console at `path` (/admin/<section>/<id>), as the app's router shows it. */
export function renderConsoleAt(path: string) {
  const { hook } = memoryLocation({ path });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthDialogProvider>
        <Router hook={hook}>
          <Route path="/admin/:section?/:userId?" component={AdminPage} />
        </Router>
      </AuthDialogProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}
