import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { ESTABLISHMENT_ID } from '@/features/clients/test/fixtures';
import { RegistrationModes } from './registration-modes';

function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('registration entry modes', { timeout: 20_000 }, () => {
  it('switches modes as a radio group and keeps manual entry one tap away when the camera is refused', async () => {
    authStore.setSession('tok_abcdefghijklmnopqrstuvwxyz012345', sampleUser, { remember: true });
    mockApi({});
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });

    const group = screen.getByRole('radiogroup', { name: 'How to register' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save record' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Scan document' }));
    expect(screen.getByRole('radio', { name: 'Scan document' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(await screen.findByText(/permission was denied/)).toBeInTheDocument();
    // The alternatives: a photo from the device, or typing.
    expect(screen.getByRole('button', { name: 'Take or choose a photo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Capture' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enter the details by hand' }));
    expect(screen.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save record' })).toBeInTheDocument();

    // Arrow keys move the selection.
    screen.getByRole('radio', { name: 'Manual' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Scan QR code' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByLabelText(/Confirmation code/)).toBeInTheDocument();
  });

  it('stops the camera stream when the scan mode is left', async () => {
    authStore.setSession('tok_abcdefghijklmnopqrstuvwxyz012345', sampleUser, { remember: true });
    mockApi({});
    const stopTrack = vi.fn();
    const stream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;
    stubCamera(() => Promise.resolve(stream));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Scan document' }));
    expect(await screen.findByRole('button', { name: 'Capture' })).toBeInTheDocument();
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'environment' }) }),
    );
    await user.click(screen.getByRole('radio', { name: 'Manual' }));
    expect(stopTrack).toHaveBeenCalled();
  });
});
