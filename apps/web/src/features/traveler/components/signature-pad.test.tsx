import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/utils';
import { stubCanvas } from '@/features/desk/test/fixtures';
import { SignaturePad } from './signature-pad';

const GIVEN = 'data:image/png;base64,R0lGODlhAQABAAAAACw=';

/** jsdom loads no images: this one "loads" at once, 300 × 100. */
class LoadingImage {
  onload: (() => void) | null = null;
  complete = false;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(value: string) {
    images.push(value);
    queueMicrotask(() => {
      this.complete = true;
      this.naturalWidth = 300;
      this.naturalHeight = 100;
      this.onload?.();
    });
  }
}
let images: string[] = [];

function Pad({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <SignaturePad
      label="Signature"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  images = [];
});

describe('SignaturePad', () => {
  it('shows a signature it is given (a registration reopened), and clears it', async () => {
    const canvas = stubCanvas();
    const drawImage = vi.fn();
    const context = { ...canvas.getContext(), drawImage };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    vi.stubGlobal('Image', LoadingImage);
    const onChange = vi.fn();
    const { user } = renderPage(<Pad initial={GIVEN} onChange={onChange} />);

    expect(images).toEqual([GIVEN]);
    await waitFor(() => expect(drawImage).toHaveBeenCalled());
    expect(screen.getByText('Signed. Use “Clear signature” to sign again.')).toBeInTheDocument();

    drawImage.mockClear();
    await user.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Clear signature' })).toBeDisabled();
    expect(drawImage).not.toHaveBeenCalled();
    // Not loaded again once cleared.
    expect(images).toEqual([GIVEN]);
  });

  it('draws nothing under an empty pad', () => {
    const canvas = stubCanvas();
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      ...canvas.getContext(),
      drawImage,
    } as never);
    vi.stubGlobal('Image', LoadingImage);
    renderPage(<Pad initial="" onChange={() => {}} />);
    expect(images).toEqual([]);
    expect(screen.getByRole('button', { name: 'Clear signature' })).toBeDisabled();
  });
});
