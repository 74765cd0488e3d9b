import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SesSubmission } from '@hospes/shared/ses';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesXmlDialog } from './ses-xml-dialog';

const ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const ANE = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const MIKEL = '2b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8c';
const SUBMISSION = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const bilbao = [
  {
    id: ID,
    name: 'Albergue de Bilbao',
    province: 'Bizkaia',
    postalCode: '48005',
    authority: 'ertzaintza' as const,
  },
];
const certificate = (data: object) => ({
  body: {
    success: true,
    data: {
      configured: true,
      subject: 'CN=ALBERGUE DE BILBAO',
      expiresAt: '2027-11-29T10:00:00.000Z',
      expiresSoon: false,
      expired: false,
      environment: 'test',
      landlordCode: 'B95000000',
      ...data,
    },
  },
});

const stored: SesSubmission = {
  id: SUBMISSION,
  establishmentId: ID,
  kind: 'PV',
  authority: 'ertzaintza',
  environment: 'test',
  state: 'processed',
  lote: 'f60670f1-14f1-40cb-ad23-d53b97007fbd',
  responseCode: 0,
  responseText: 'OK',
  failure: null,
  loteState: null,
  loteStateText: null,
  communications: 1,
  counts: { travelers: 2, stored: 2, rejected: 0, pending: 0 },
  sentByName: 'Ana García',
  createdAt: new Date().toISOString(),
  processedAt: new Date().toISOString(),
  checkedAt: null,
  checking: false,
  travelers: [ANE, MIKEL].map((pilgrimId, i) => ({
    pilgrimId,
    name: i ? 'Mikel Etxeberria' : 'Ane Goikoetxea',
    order: 1,
    outcome: 'stored' as const,
    communicationCode: 'f60670f1-14f1-40cb-ad23-d53b97007fbd',
    error: null,
  })),
};

describe('sending to the Ertzaintza from the send dialog', () => {
  it('sends a Basque establishment’s arrivals with its certificate, never a SES file', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi(
      {
        [`POST /api/establishments/${ID}/ses-submissions`]: {
          status: 201,
          body: { success: true, data: stored },
        },
      },
      { unrecorded: { [`GET /api/establishments/${ID}/a19-certificate`]: certificate({}) } },
    );
    const { user } = renderPage(<SesXmlDialog open onClose={() => {}} establishments={bilbao} />);
    // Named after the Ertzaintza from the start, its certificate still loading (decision 061).
    const dialog = screen.getByRole('dialog', { name: 'Send to the Ertzaintza' });
    const send = await within(dialog).findByRole('button', { name: 'Send' });
    // No choice of a SES file for it, nor any question to SES about a web-service user.
    expect(within(dialog).queryByLabelText('XML file')).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: /file/i })).toBeNull();
    await user.click(send);
    expect(
      await screen.findByText('The Ertzaintza has stored the communications of 2 travelers.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sent to the Ertzaintza' })).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      `POST /api/establishments/${ID}/ses-submissions`,
    ]);
    expect(calls[0]!.body).toMatchObject({ kind: 'PV', resend: false });
  });

  it('without a valid certificate, sends nothing and says where to upload one', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi(
      {},
      {
        unrecorded: {
          [`GET /api/establishments/${ID}/a19-certificate`]: certificate({ expired: true }),
        },
      },
    );
    renderPage(<SesXmlDialog open onClose={() => {}} establishments={bilbao} />);
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(/Certificate expired/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(calls).toEqual([]);
  });
});
