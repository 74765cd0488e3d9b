import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@/config/constants';
import { useSessionRenewal } from '@/lib/session-renewal';
import { DocumentSlotsProvider } from './document-slots';
import { AppErrorBoundary } from './error-boundary';

/**
 * Toasts with the spec §9 timings (react-hot-toast's own defaults, written out): 4 s default and
 * error, 2 s success, loading until dismissed; the library shows at most 20 at once.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS.default,
        className: '!bg-surface !text-fg border border-line',
        success: { duration: TOAST_DURATION_MS.success },
        error: {
          duration: TOAST_DURATION_MS.error,
          ariaProps: { role: 'alert', 'aria-live': 'assertive' },
        },
        loading: { duration: Infinity },
      }}
    />
  );
}

// The login form in a dialog (react-hook-form, the login schema): loaded when a session ends over
// unsaved input, not before (decision 067).
const SessionRenewalDialog = lazy(() =>
  import('@/features/auth/components/session-renewal-dialog').then((module) => ({
    default: module.SessionRenewalDialog,
  })),
);

/** Asks for the password when a session ends over unsaved input (session-expiry.ts). */
function SessionRenewal() {
  const renewal = useSessionRenewal();
  if (!renewal) return null;
  return (
    <Suspense fallback={null}>
      <SessionRenewalDialog />
    </Suspense>
  );
}

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <DocumentSlotsProvider>{children}</DocumentSlotsProvider>
        {/* Asks for the password when a session ends over unsaved input (session-expiry.ts). */}
        <SessionRenewal />
        <AppToaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
