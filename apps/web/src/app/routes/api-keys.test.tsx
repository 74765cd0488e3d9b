import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '@hospes/shared/api-keys';
import { authStore } from '@/lib/auth';
import { mockApi, ownerMe, renderRoutes, sampleUser, type MockCall } from '@/test/utils';
import { ApiKeysRoute } from './api-keys';

/**
 * The owner's API keys screen (decision 068): creating a key shows its secret once with a copy
 * button, the list tells what each key may do and when it was used, and revoking asks first.
 */
const EST = '0190a3b2-0000-7000-8000-000000000001';
const KEYS = `/api/establishments/${EST}/api-keys`;

const existing: ApiKey = {
  id: '0190a3b2-0000-7000-8000-0000000000aa',
  establishmentId: EST,
  name: 'Door lock',
  prefix: 'hsp_live_Ab3x',
  permissions: ['travelers.view', 'travelers.export'],
  // Its maker no longer holds the export: the key does not act with it.
  permissionsInForce: ['travelers.view'],
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdByName: 'Ana Owner',
  expiresAt: null,
  lastUsedAt: '2026-11-28T08:30:00.000Z',
  revokedAt: null,
};

describe('the API keys screen', { timeout: 20_000 }, () => {
  it('creates a key, shows its secret once with a copy button, lists and revokes keys', async () => {
    const user = userEvent.setup();
    let keys: ApiKey[] = [existing];
    const secret = `hsp_live_${'Q'.repeat(43)}`;
    const { calls } = mockApi(
      {
        [`POST ${KEYS}`]: (call: MockCall) => {
          const body = call.body as { name: string; permissions: ApiKey['permissions'] };
          const key: ApiKey = {
            ...existing,
            id: '0190a3b2-0000-7000-8000-0000000000bb',
            name: body.name,
            permissions: body.permissions,
            permissionsInForce: body.permissions,
            prefix: 'hsp_live_QQQQ',
            lastUsedAt: null,
            expiresAt: '2027-02-27T10:00:00.000Z',
          };
          keys = [key, ...keys];
          return { status: 201, body: { success: true, data: { key, secret } } };
        },
        [`DELETE ${KEYS}/${existing.id}`]: () => {
          keys = keys.map((k) =>
            k.id === existing.id
              ? { ...k, status: 'revoked', revokedAt: '2026-11-29T09:00:00.000Z' }
              : k,
          );
          return { body: { success: true, data: keys.find((k) => k.id === existing.id) } };
        },
      },
      {
        unrecorded: {
          [`GET ${KEYS}`]: () => ({ body: { success: true, data: keys } }),
          'GET /api/auth/me': ownerMe(EST),
        },
      },
    );
    authStore.setSession(sampleUser, { remember: true });
    await waitFor(() => expect(authStore.getState().memberships).toHaveLength(1));
    renderRoutes([{ path: '/team/api-keys', element: <ApiKeysRoute /> }], {
      path: '/team/api-keys',
    });

    // The list: name, what it may do, last use, no expiry.
    const list = await screen.findByRole('list');
    expect(await within(list).findByText('Door lock')).toBeInTheDocument();
    expect(within(list).getByText('View travelers, Export')).toBeInTheDocument();
    // What its maker lost is said not to be in force.
    expect(
      within(list).getByText('Not in force while its maker does not hold them: Export'),
    ).toBeInTheDocument();
    expect(within(list).getByText(/Last used/)).toBeInTheDocument();
    expect(within(list).getByText(/No expiry/)).toBeInTheDocument();
    // Where a partner reads what a key may call.
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    // A key is never offered the team's permission.
    expect(screen.queryByRole('checkbox', { name: 'Manage the team' })).toBeNull();

    // Nothing without a name and a permission.
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(
      await screen.findByText('Give the key a name and at least one permission.'),
    ).toBeVisible();
    expect(calls).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Our PMS');
    await user.click(screen.getByRole('checkbox', { name: 'Register travelers' }));
    await user.click(screen.getByRole('checkbox', { name: 'View travelers' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires' }), '90');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('textbox', { name: 'Key “Our PMS”' });
    expect(shown).toHaveValue(secret);
    expect(shown).toHaveAttribute('readonly');
    expect(calls[0]!.body).toEqual({
      name: 'Our PMS',
      permissions: ['travelers.register', 'travelers.view'],
      expiresInDays: 90,
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(await screen.findByText('Key copied.')).toBeInTheDocument();
    // Once stored, the secret is gone from the page for good.
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    expect(await screen.findByText('Our PMS')).toBeInTheDocument();

    // Revoking asks first, then the list says so.
    await user.click(screen.getByRole('button', { name: 'Revoke the key “Door lock”' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key “Door lock” revoked.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      `POST ${KEYS}`,
      `DELETE ${KEYS}/${existing.id}`,
    ]);
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke the key “Door lock”' })).toBeNull();
  });
});
