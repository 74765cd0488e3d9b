import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from '@/lib/chunk-load';
import { ErrorScreen } from './error-screen';

/** The last line of defence, outside the router (a crash in a provider or in the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled render error', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error) {
      return isChunkLoadError(error) ? (
        <ErrorScreen loadFailed />
      ) : (
        <ErrorScreen message={error.message} />
      );
    }
    return this.props.children;
  }
}
