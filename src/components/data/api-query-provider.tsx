'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * The query cache of the account area and of the back-office. Answers stay fresh for a minute and
 * are not fetched again when the window regains focus, so a list that is shown again (a kept-alive
 * tab, a page visited again) shows its data at once without a loading flash; a failure is shown, not
 * repeated.
 */
export function ApiQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({
      defaultOptions: {
        queries: { staleTime: 60_000, gcTime: 30 * 60_000, refetchOnWindowFocus: false, retry: false },
        mutations: { retry: false },
      },
    }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
