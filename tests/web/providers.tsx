import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../../src/web/components/ui/toast';

/** What a chat hook runs inside in the app: the query client, and toasts a test can read. */
export function withAppProviders(client: QueryClient) {
  return function AppProviders({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    );
  };
}
