import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformSettings, PlatformSettingsView } from '@hospes/shared/admin';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { findToast } from './test-data';
import { SettingsAdmin } from './settings-admin';

const me = { ...sampleUser, role: 'admin' as const, name: 'Admin Uno' };

const ENVIRONMENT: PlatformSettings = {
  supportEmail: 'support@hospes.example',
  operatorName: 'Hospes SL',
  operatorAddress: '',
  operatorNif: 'B12345678',
  operatorEmail: '',
  operatorRegistry: '',
  contactMessagesPerHour: 50,
  loginLockFailures: 50,
  sessionHours: 24,
};

function viewOf(
  own: Partial<PlatformSettings> = {},
  history: PlatformSettingsView['history'] = [],
) {
  const settings = Object.fromEntries(
    (Object.keys(ENVIRONMENT) as (keyof PlatformSettings)[]).map((key) => [
      key,
      {
        value: own[key] ?? ENVIRONMENT[key],
        source: own[key] === undefined ? 'environment' : 'database',
        environmentValue: ENVIRONMENT[key],
      },
    ]),
  );
  return {
    body: {
      success: true,
      data: {
        settings,
        environment: {
          mailTransport: 'smtp',
          mailFrom: 'Hospes <no-reply@hospes.example>',
          appUrl: 'https://registro.example.com',
          corsOrigins: [],
          apiDocs: '/api/docs',
          settingsCacheSeconds: 5,
        },
        history,
      },
    },
  };
}

function renderSettings() {
  authStore.setSession(me, { remember: true });
  return renderRoutes([{ path: '/admin/settings', element: <SettingsAdmin /> }], {
    path: '/admin/settings',
  });
}

describe('admin settings', () => {
  it('shows the four sections with each value and where it comes from, and the changes', async () => {
    mockApi({
      'GET /api/admin/settings': viewOf({ sessionHours: 8 }, [
        {
          at: '2026-11-28T10:00:00.000Z',
          actor: { id: me.id, name: 'Admin Uno', email: 'admin@hospes.example' },
          changes: [{ key: 'sessionHours', from: 24, to: 8 }],
        },
      ]),
    });
    renderSettings();
    for (const name of ['General', 'E-mail', 'Security', 'API', 'Latest changes'])
      expect(await screen.findByRole('heading', { name, level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText('Operator name')).toHaveValue('Hospes SL');
    expect(screen.getByLabelText('Support e-mail')).toHaveValue('support@hospes.example');
    const hours = screen.getByLabelText('Session lifetime (hours)');
    expect(hours).toHaveValue(8);
    expect(hours).toHaveAccessibleDescription(
      expect.stringContaining('Set here. Environment value (SESSION_HOURS): 24.'),
    );
    expect(screen.getByLabelText('Operator name')).toHaveAccessibleDescription(
      expect.stringContaining('From the environment (OPERATOR_NAME).'),
    );
    expect(screen.getByText('Through the SMTP server (SMTP_URL)')).toBeInTheDocument();
    expect(screen.getByText(/Session lifetime \(hours\): 24 → 8/)).toBeInTheDocument();
    expect(screen.getByText(/Admin Uno \(admin@hospes\.example\)/)).toBeInTheDocument();
    // Nothing to save until something changes.
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('saves only what changed, and shows the saved state', async () => {
    const { calls } = mockApi({
      'GET /api/admin/settings': viewOf(),
      'PATCH /api/admin/settings': {
        body: { ...viewOf({ loginLockFailures: 20 }).body, message: 'Settings saved.' },
      },
    });
    const { user } = renderSettings();
    const field = await screen.findByLabelText(
      'Wrong passwords before an account is locked (24 hours)',
    );
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await findToast('Settings saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ loginLockFailures: 20 });
    expect(
      await screen.findByRole('button', {
        name: 'Use the environment value for “Wrong passwords before an account is locked (24 hours)”',
      }),
    ).toBeInTheDocument();
  });

  it('refuses a value out of range before sending, with the field’s message', async () => {
    const { calls } = mockApi({ 'GET /api/admin/settings': viewOf() });
    const { user } = renderSettings();
    const field = await screen.findByLabelText('Session lifetime (hours)');
    await user.clear(field);
    await user.type(field, '1000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Must be at most 720'));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('gives a setting back to the environment with null', async () => {
    const { calls } = mockApi({
      'GET /api/admin/settings': viewOf({ supportEmail: 'desk@hospes.example' }),
      'PATCH /api/admin/settings': { body: { ...viewOf().body, message: 'Settings saved.' } },
    });
    const { user } = renderSettings();
    await user.click(
      await screen.findByRole('button', {
        name: 'Use the environment value for “Support e-mail”',
      }),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ supportEmail: null });
    expect(await screen.findByLabelText('Support e-mail')).toHaveValue('support@hospes.example');
  });

  it('puts the server’s field errors on the fields', async () => {
    mockApi({
      'GET /api/admin/settings': viewOf(),
      'PATCH /api/admin/settings': apiFailure(400, 'VALIDATION_FAILED', 'Validation failed', [
        { field: 'operatorNif', message: 'Must be at most 20 characters long' },
      ]),
    });
    const { user } = renderSettings();
    const nif = await screen.findByLabelText('Operator NIF');
    await user.type(nif, '9');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await findToast('Validation error')).toBeInTheDocument();
    expect(nif).toHaveAttribute('aria-invalid', 'true');
    const section = screen.getByRole('region', { name: 'General' });
    expect(within(section).getByText('Must be at most 20 characters long')).toBeInTheDocument();
  });
});
