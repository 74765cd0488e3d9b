import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnlargeableThumbnail } from './document-image-dialog';

describe('EnlargeableThumbnail', () => {
  let made = 0;
  beforeEach(() => {
    made = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => `blob:${++made}`, revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the full image, and loads it afresh when opened again', async () => {
    const answers: ((response: Response) => void)[] = [];
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        requests.push(input);
        return new Promise<Response>((resolve) => answers.push(resolve));
      }),
    );
    const user = userEvent.setup();
    render(<EnlargeableThumbnail url="blob:thumb" label="Signature" pilgrimId="p1" docId="d1" />);
    const thumbnail = screen.getByRole('button', { name: 'Signature: show at full size' });
    // Nothing is fetched until the dialog opens.
    expect(requests).toEqual([]);

    for (const round of [1, 2]) {
      await user.click(thumbnail);
      const dialog = await screen.findByRole('dialog', { name: 'Signature' });
      expect(screen.getByRole('img', { name: 'Loading the image…' })).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'Signature, full size' })).toBeNull();
      answers.shift()!(new Response(new Blob(['x'])));
      expect(await screen.findByRole('img', { name: 'Signature, full size' })).toHaveAttribute(
        'src',
        `blob:${round}`,
      );
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(dialog).not.toBeInTheDocument();
      expect(thumbnail).toHaveFocus();
    }
    expect(requests).toEqual(['/api/pilgrims/p1/documents/d1', '/api/pilgrims/p1/documents/d1']);
  });

  it('says so when the image cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 500 }))),
    );
    render(<EnlargeableThumbnail url="blob:thumb" label="Signature" pilgrimId="p1" docId="d1" />);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Signature: show at full size' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The image could not be loaded.'),
    );
  });
});
