import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { routes } from './router';
import { wireSessionExpiry } from './session-expiry';

/** The public pages' settings: nothing configured. */
const publicConfig = {
  body: {
    success: true,
    data: {
      testimonials: [],
      operator: { name: null, address: null, nif: null, email: null, registry: null },
      contact: { email: null },
      sessionHours: 24,
    },
  },
};

/** The signed-in pages' data: no traveler, no establishment yet. */
const emptyDesk = {
  'GET /api/pilgrims': {
    body: { success: true, data: [], pagination: { total: 0, page: 1, limit: 10, totalPages: 1 } },
  },
  'GET /api/establishments/user': { body: { success: true, data: [] } },
};

describe('app routes', () => {
  it('shows a signed-out visitor the landing at "/", without the site footer', async () => {
    mockApi({ 'GET /api/public/config': publicConfig });
    await authStore.initialise();
    const { router } = renderRoutes(routes, { path: '/' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Register your guests in minutes, the way Spanish law asks',
      }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    // The site footer is hidden on home; the landing's own footer sits inside <main>.
    expect(document.querySelectorAll('footer')).toHaveLength(1);
    expect(screen.getByRole('main').querySelector('footer')).not.toBeNull();
    const nav = within(screen.getByRole('banner')).getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends a signed-in user from "/" to the client list (spec §2)', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({ ...emptyDesk });
    const { router } = renderRoutes(routes, { path: '/' });
    // The first signed-in page of the file: the route and the header's signed-in parts (the
    // desk's send queue) are imported on demand, cold (decision 067).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Clients' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
  });

  it('redirects /contact to /contacto, keeping the query', async () => {
    mockApi({ 'GET /api/public/config': publicConfig });
    await authStore.initialise();
    const { router } = renderRoutes(routes, { path: '/contact?type=billing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contacto');
    expect(screen.getByLabelText('What is it about?')).toHaveValue('billing');
  });

  it('shows the 404 page for an unknown path, with a link home', async () => {
    mockApi({});
    await authStore.initialise();
    renderRoutes(routes, { path: '/no/such/page' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows the signed-out header with the public entries, landmarks and the footer', async () => {
    mockApi({});
    await authStore.initialise();
    renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    const banner = screen.getByRole('banner');
    const nav = within(banner).getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Features', 'Guide', 'Contact', 'Log in', 'Register']);
    expect(within(nav).getByRole('link', { name: 'Guide' })).toHaveAttribute(
      'href',
      '/features#how-it-works',
    );
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contacto');
    expect(screen.getByRole('main')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Contact', '/contacto'],
      ['Legal notice', '/legal-notice'],
      ['Privacy policy', '/privacy'],
      ['Terms and conditions', '/terms'],
      ['Cookie policy', '/cookies'],
    ]);
    expect(within(banner).getByRole('link', { name: 'Hospes, home' })).toHaveAttribute('href', '/');
  });

  it.each(['/registro-viajero', '/pilgrim-register'])(
    'on the self check-in (%s) keeps the language in the header, without the site menu',
    async (path) => {
      mockApi({});
      await authStore.initialise();
      renderRoutes(routes, { path });
      await screen.findByRole('heading', { level: 1, name: 'Traveler registration' });

      const banner = screen.getByRole('banner');
      // No marketing pages, no "Register" (an establishment's sign-up), no way off the form.
      expect(within(banner).queryByRole('navigation')).not.toBeInTheDocument();
      expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
      expect(within(banner).queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
      expect(within(banner).getByText('Hospes')).toBeInTheDocument();
      expect(within(banner).getByRole('combobox', { name: 'Language' })).toBeVisible();
    },
  );

  it.each(['/registro-viajero', '/pilgrim-register'])(
    'on the self check-in (%s) the footer has the privacy, legal and cookie notices and who the data goes to, no marketing',
    async (path) => {
      const link = 'tok_link_abcdefghijklmnopqrstuvwxyz0123';
      const { calls } = mockApi({
        [`GET /api/public/checkin/${link}`]: CHECKIN_LINK_INFO,
      });
      await authStore.initialise();
      renderRoutes(routes, { path: `${path}?t=${link}` });
      await screen.findByRole('heading', { level: 1, name: 'Traveler registration' });

      const footer = screen.getByRole('contentinfo');
      const notices = within(footer).getByRole('navigation', { name: 'Legal information' });
      expect(
        within(notices)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Privacy policy (opens in a new tab)', '/privacy'],
        ['Legal notice (opens in a new tab)', '/legal-notice'],
        ['Cookie policy (opens in a new tab)', '/cookies'],
      ]);
      // In a new tab: the form, its signature and photos stay as they are.
      for (const notice of within(notices).getAllByRole('link')) {
        expect(notice).toHaveAttribute('target', '_blank');
        expect(notice).toHaveAccessibleName(/opens in a new tab/);
      }
      expect(within(footer).getAllByRole('link')).toHaveLength(3);
      expect(within(footer).queryByText('Pricing')).not.toBeInTheDocument();
      expect(
        await within(footer).findByText('Responsible for your data: Albergue del Camino (Burgos).'),
      ).toBeInTheDocument();
      expect(within(footer).getByText(/under Organic Law 4\/2015/)).toBeInTheDocument();
      // The page's own request for the link, not one more.
      expect(calls.filter((call) => call.url.pathname.includes('/public/checkin/'))).toHaveLength(
        1,
      );
    },
  );

  it('for a signed-in user shows Clients (active), the profile link with the name, and logs out', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      ...emptyDesk,
      'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
    });
    const { user, router } = renderRoutes(routes, { path: '/clients' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No travelers yet' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Traveler registration' })).toHaveAttribute(
      'href',
      '/traveler-registration',
    );
    expect(within(nav).getByRole('link', { name: 'Profile: Ana García' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(nav).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState().user).toBeNull();
  });

  it('logs out locally even when the server call fails', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({ ...emptyDesk, 'POST /api/auth/logout': new TypeError('Failed to fetch') });
    const { user } = renderRoutes(routes, { path: '/clients' });
    await screen.findByRole('heading', { level: 1, name: 'Clients' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByText('There was a problem logging out')).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to the app', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi(emptyDesk);
    const { router } = renderRoutes(routes, { path: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clients');
  });

  it('the menu toggle says whether the menu is open', async () => {
    mockApi({});
    await authStore.initialise();
    const { user } = renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(menu).toHaveAttribute('inert');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).not.toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('switches the language, the <html lang> and the texts', async () => {
    mockApi({});
    await authStore.initialise();
    const { user } = renderRoutes(routes, { path: '/no-such-page' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });

    const [select] = screen.getAllByRole('combobox', { name: 'Language' });
    expect(
      within(select!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(
      expect.arrayContaining(['Español', 'English', 'العربية', 'Euskara', '日本語', 'Valencià']),
    );
    await user.selectOptions(select!, 'es');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('remembers the theme and the cookie answer', async () => {
    mockApi({});
    await authStore.initialise();
    const { user } = renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });

    const theme = screen.getByRole('button', { name: 'Dark mode' });
    expect(theme).toHaveAttribute('aria-pressed', 'false');
    await user.click(theme);
    expect(theme).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    const notice = screen.getByRole('region', { name: 'Cookie notice' });
    await user.click(within(notice).getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem('cookieConsent')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    document.documentElement.classList.remove('dark', 'light');
  });

  it('after a 401 says the session expired and, 1.5 s later, signs out and goes to /login', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      'GET /api/establishments/user': emptyDesk['GET /api/establishments/user'],
      'GET /api/pilgrims': apiFailure(
        401,
        'SESSION_EXPIRED',
        'Your session has expired. Please log in again.',
      ),
    });
    const { router, queryClient } = renderRoutes(routes, { path: '/profile' });
    wireSessionExpiry(router, queryClient);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();

    vi.useFakeTimers();
    try {
      await act(() => expect(api.get('/pilgrims')).rejects.toMatchObject({ status: 401 }));
      expect(
        screen.getByText('Your session has expired. Please log in again.'),
      ).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1_400));
      expect(router.state.location.pathname).toBe('/profile');
      await act(() => vi.advanceTimersByTimeAsync(100));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/profile' } });
    expect(authStore.getState().user).toBeNull();
  });
});
