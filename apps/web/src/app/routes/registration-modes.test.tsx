import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pilgrim } from '@hospes/shared/pilgrims';
import { authStore } from '@/lib/auth';
import { DocumentSlotsContext } from '@/lib/document-slots';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { ESTABLISHMENT_ID, samplePilgrim } from '@/features/clients/test/fixtures';
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

  it('after a QR confirmation shows the traveler, the PDF and the record, focused, with one toast at most', async () => {
    authStore.setSession('tok_abcdefghijklmnopqrstuvwxyz012345', sampleUser, { remember: true });
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const pending = samplePilgrim({
      selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
    });
    const confirmed: Pilgrim = {
      ...pending,
      selfRegistration: { status: 'confirmed', confirmationCode: '7K2M9QXA' },
    };
    const { calls } = mockApi({
      'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: pending } },
      [`PUT /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
      [`POST /api/pilgrims/${pending.id}/confirm`]: { body: { success: true, data: confirmed } },
    });
    const { user } = renderPage(
      <DocumentSlotsContext.Provider
        value={{
          pdfActions: (traveler) => <button type="button">PDF of {traveler.firstName}</button>,
        }}
      >
        <RegistrationModes establishmentId={ESTABLISHMENT_ID} />
      </DocumentSlotsContext.Provider>,
      { path: '/traveler-registration' },
    );
    await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
    await user.type(screen.getByLabelText(/Confirmation code/), '7k2m-9qxa');
    await user.click(screen.getByRole('button', { name: 'Open registration' }));
    await user.click(await screen.findByRole('button', { name: 'Save and confirm' }));

    const heading = await screen.findByRole('heading', { name: 'Registration confirmed' });
    expect(heading).toHaveFocus();
    const result = screen.getByRole('region', { name: 'Registration confirmed' });
    expect(within(result).getByText('Lucía Fernández Ruiz')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'PDF of Lucía' })).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'View the record' })).toHaveAttribute(
      'href',
      `/clients/view/${pending.id}`,
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'POST']);
    // The result screen says it: no "Pilgrim saved" and "Registration confirmed." toasts on top.
    expect(screen.queryByText('Pilgrim saved')).not.toBeInTheDocument();
    expect(screen.queryByText('Registration confirmed.')).not.toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: 'Read another code' }));
    expect(screen.getByLabelText(/Confirmation code/)).toHaveValue('');
  });

  it('says the details were saved when only the QR confirmation fails', async () => {
    authStore.setSession('tok_abcdefghijklmnopqrstuvwxyz012345', sampleUser, { remember: true });
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const pending = samplePilgrim({
      selfRegistration: { status: 'pending', confirmationCode: '7K2M9QXA' },
    });
    mockApi({
      'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: pending } },
      [`PUT /api/pilgrims/${pending.id}`]: { body: { success: true, data: pending } },
      [`POST /api/pilgrims/${pending.id}/confirm`]: apiFailure(502, 'HTTP_502', 'Bad gateway'),
    });
    const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
      path: '/traveler-registration',
    });
    await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
    await user.type(screen.getByLabelText(/Confirmation code/), '7K2M9QXA');
    await user.click(screen.getByRole('button', { name: 'Open registration' }));
    await user.click(await screen.findByRole('button', { name: 'Save and confirm' }));
    expect(
      await screen.findByText(
        'The details were saved, but the registration could not be confirmed. Try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Pilgrim saved')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save and confirm' })).toBeInTheDocument();
  });
});
