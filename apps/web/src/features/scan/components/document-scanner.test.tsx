import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScanResult } from '@hospes/shared/mrz';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SPECIMEN_SCAN } from '@/test/scan';
import { blobText, phonePhoto, sizeOfDataUrl, stubImageDecoding } from '@/test/image';
import { DocumentScanner, type DocumentScan } from './document-scanner';

/** What the reader answers: the German specimen passport. */
const READ: ScanResult = SPECIMEN_SCAN;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function renderScanner(scan: (image: Blob) => Promise<ScanResult>) {
  const onResult = vi.fn<(scan: DocumentScan) => void>();
  render(<DocumentScanner scan={scan} onResult={onResult} onManual={() => {}} autoStart={false} />);
  return onResult;
}

describe('Scanning a document from a photo', () => {
  it('sends the reader a 2400 px copy of a 3.7 MB phone photo and keeps a 1600 px front image', async () => {
    stubImageDecoding(4032, 3024);
    const photo = phonePhoto(3_700_000);
    const scan = vi.fn((_image: Blob) => Promise.resolve(READ));
    const onResult = renderScanner(scan);

    await userEvent.upload(screen.getByTestId('scan-photo-input'), photo);

    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    const sent = scan.mock.calls[0]![0];
    expect(sent).not.toBe(photo);
    expect(sent.type).toBe('image/jpeg');
    expect(await blobText(sent)).toBe('2400x1800');
    const { result, image } = onResult.mock.calls[0]![0];
    expect(result).toEqual(READ);
    expect(image?.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(sizeOfDataUrl(image!)).toBe('1600x1200');
    expect(
      await screen.findByText(
        'Document processed. Check the highlighted fields against the document.',
      ),
    ).toBeInTheDocument();
  });

  it('does not send a photo the browser cannot read, and says why', async () => {
    stubImageDecoding(1, 1).mockRejectedValue(new DOMException('no', 'InvalidStateError'));
    const scan = vi.fn((_image: Blob) => Promise.resolve(READ));
    const onResult = renderScanner(scan);

    await userEvent.upload(
      screen.getByTestId('scan-photo-input'),
      phonePhoto(2_000_000, 'IMG_0001.heic', 'image/heic'),
    );

    expect(await screen.findByText(/HEIC photos cannot be read/)).toBeInTheDocument();
    expect(scan).not.toHaveBeenCalled();
    expect(onResult).not.toHaveBeenCalled();
  });
});
