import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { clearSendQueue } from '@/features/desk/send-queue';
import { ESTABLISHMENT_ID, NO_SAME_DOCUMENT } from '@/features/desk/test/fixtures';
import { field } from '@/features/desk/test/form';
import { RegistrationModes } from './registration-modes';

afterEach(() => {
  clearSendQueue();
  window.localStorage.clear();
});

describe('the desk’s modes keep what was typed (decision 072)', { timeout: 40_000 }, () => {
  it('carries the values from the full form to the walk-in and back', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    await user.type(field('First name'), 'Lucía');
    await user.type(field('Email'), 'lucia@example.com');
    // A field the walk-in does not show: kept all the same.
    await user.type(field('Second phone'), '+34 600 999 888');

    await user.click(screen.getByRole('radio', { name: 'Walk-in' }));
    expect(screen.queryByLabelText('Second phone', { exact: true })).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue('Lucía');
    expect(field('Email')).toHaveValue('lucia@example.com');
    await user.type(field('Phone'), '+34 600 111 222');
    await user.type(field('First surname'), 'Fernández');

    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    expect(field('First name')).toHaveValue('Lucía');
    expect(field('First surname')).toHaveValue('Fernández');
    expect(field('Email')).toHaveValue('lucia@example.com');
    expect(field('Phone')).toHaveValue('+34 600 111 222');
    expect(field('Second phone')).toHaveValue('+34 600 999 888');
  });

  it('starts the other mode empty when nothing was typed', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({}, NO_SAME_DOCUMENT);
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Walk-in' }));
    expect(field('First name')).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    expect(field('First name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
  });
});
