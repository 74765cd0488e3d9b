import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '@/test/utils';
import { AppErrorBoundary } from './error-boundary';
import { RouteError } from './routes/route-error';

function Crash(): never {
  throw new Error('Cannot read the traveler list');
}

describe('error screens (spec §2)', () => {
  it('a crash inside a route shows the message, a refresh action and a home action', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({});
    renderRoutes([{ path: '/', element: <Crash />, errorElement: <RouteError /> }]);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Error message: Cannot read the traveler list')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('a page whose chunk did not load says so in plain words, with a reload to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    try {
      mockApi({});
      const { user } = renderRoutes([
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: () =>
            Promise.reject(
              new TypeError(
                'Failed to fetch dynamically imported module: https://hospes.example/assets/clients-B1x2.js',
              ),
            ),
        },
      ]);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'The page could not be loaded' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Check the connection and try again.')).toBeInTheDocument();
      expect(screen.queryByText(/dynamically imported module/)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(reload).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the top-level boundary catches what the router cannot', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Crash />
      </AppErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh page' })).toBeInTheDocument();
  });
});
