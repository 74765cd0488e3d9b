import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { renderPage, sampleUser, TEST_CSRF_TOKEN } from '@/test/utils';
import { SesXmlDialog } from './ses-xml-dialog';

const GIRONA_ID = '5d1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
const UPLOAD_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const girona = {
  id: GIRONA_ID,
  name: 'Alberg de Girona',
  authority: 'mossos' as const,
  province: 'Girona',
  postalCode: '17001',
};

/** The server's answers: the file (with its name and upload id) and the upload's record. */
function stubServer() {
  const calls: { method: string; path: string; body: BodyInit | null | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push({ method, path: url.pathname, body: init?.body });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (url.pathname === '/api/auth/csrf-token')
        return json({ success: true, token: TEST_CSRF_TOKEN });
      if (method === 'POST' && url.pathname === `/api/establishments/${GIRONA_ID}/mossos-file`)
        return new Response('0|1\r\n1|17079AAR02|ALBERG DE GIRONA|20260301|0900|1|V24', {
          headers: {
            'content-type': 'text/plain; charset=iso-8859-1',
            'content-disposition': 'attachment; filename="17079AAR02.004"',
            'x-upload-id': UPLOAD_ID,
            'x-total-count': '1',
          },
        });
      if (
        (method === 'POST' || method === 'DELETE') &&
        url.pathname === `/api/establishments/${GIRONA_ID}/authority-uploads/${UPLOAD_ID}/uploaded`
      )
        return json({
          success: true,
          data: {
            id: UPLOAD_ID,
            establishmentId: GIRONA_ID,
            authority: 'mossos',
            reference: '17079AAR02.004',
            travelers: 1,
            uploaded: method === 'POST',
            uploadedAt: method === 'POST' ? '2026-03-01T10:00:00.000Z' : null,
            hasReceipt: method === 'POST',
            uploadedByName: 'Ana García',
            createdAt: '2026-03-01T09:00:00.000Z',
          },
        });
      throw new Error(`Unexpected request ${method} ${url.pathname}`);
    }),
  );
  return calls;
}

/** The names of the files the browser was asked to save. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:mossos', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the reporting dialog of a Catalan establishment (Mossos d'Esquadra)", () => {
  it('makes the Mossos file, guides the upload, and records it with the receipt', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const calls = stubServer();
    const { user } = renderPage(<SesXmlDialog open onClose={() => {}} establishments={[girona]} />);
    const dialog = screen.getByRole('dialog', { name: "Report to the Mossos d'Esquadra" });
    // No SES choices: neither sending, nor the kind, nor the XML format.
    expect(within(dialog).queryByText('Send to SES.HOSPEDAJES now')).toBeNull();
    expect(within(dialog).queryByText('Parte de viajeros (PV)')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Download the Mossos file' }));
    await within(dialog).findByText('17079AAR02.004 downloaded (1 travelers).');
    expect(saved).toEqual(['17079AAR02.004']);
    const made = calls.find((c) => c.path.endsWith('/mossos-file'))!;
    expect(JSON.parse(String(made.body))).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(within(dialog).getByText(/pick 17079AAR02\.004/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Open the portal' })).toHaveAttribute(
      'href',
      expect.stringContaining('registreviatgers.mossos.gencat.cat'),
    );

    const receipt = new File(['%PDF-1.4 receipt %%EOF'], 'comprovant.pdf', {
      type: 'application/pdf',
    });
    await user.upload(
      within(dialog).getByLabelText("The portal's receipt (PDF, optional)"),
      receipt,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mark as uploaded' }));
    await within(dialog).findByText(
      '17079AAR02.004 recorded as uploaded: its travelers count as reported.',
    );
    const uploaded = calls.find((c) => c.path.endsWith('/uploaded'))!;
    expect(uploaded.body).toBeInstanceOf(FormData);
    expect((uploaded.body as FormData).get('receipt')).toBeInstanceOf(File);

    // Marked by mistake: taken back (decision 061).
    await user.click(within(dialog).getByRole('button', { name: 'It was not uploaded: undo' }));
    await within(dialog).findByText(
      '17079AAR02.004 is no longer recorded as uploaded: its travelers are to report again.',
    );
    expect(calls.filter((c) => c.path.endsWith('/uploaded')).map((c) => c.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });
});
