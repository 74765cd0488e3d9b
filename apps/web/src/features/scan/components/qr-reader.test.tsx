import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QrReader } from './qr-reader';

function stubCamera(getUserMedia: (() => Promise<MediaStream>) | null) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : {},
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('QR code reader without a camera', () => {
  it('says to type the code when there is no camera, not to choose a photo', async () => {
    stubCamera(null);
    render(<QrReader onText={() => false} />);
    expect(
      await screen.findByText(
        'No camera is available on this device or browser. Type the confirmation code in the field below instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/photo/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start camera' })).not.toBeInTheDocument();
  });

  it('says to type the code when the camera permission is refused', async () => {
    stubCamera(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(<QrReader onText={() => false} />);
    expect(
      await screen.findByText(
        'The camera cannot be used: permission was denied. Type the confirmation code in the field below instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/photo/)).not.toBeInTheDocument();
  });
});
