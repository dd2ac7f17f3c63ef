import type { ReactNode } from 'react';

/** The error page body (docs/requirements/storefront.md#error-pages): a status (default 500) and a message (default "Error"). */
export function ErrorView({ status = 500, message = 'Error', detail, action }: { status?: number; message?: string; detail?: string; action?: ReactNode }) {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center" data-testid="error-view">
      <p className="text-6xl font-bold text-brand-500">{status}</p>
      <h1 className="mt-4 text-xl font-semibold">{message}</h1>
      {detail && <p className="mt-2 text-muted">{detail}</p>}
      {action && <div className="mt-6">{action}</div>}
    </section>
  );
}
