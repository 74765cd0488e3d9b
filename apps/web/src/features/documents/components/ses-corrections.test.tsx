/**
 * Decision 045 in a traveler's record: a correction's two requests (the cancellation of the
 * stored code, the new alta) shown together, the cancelled alta marked, and the history's entry.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TravelerHistoryEntry } from '@hospes/shared/travelers';
import { TravelerHistory } from '@/features/traveler/components/traveler-history';
import { authStore } from '@/lib/auth';
import { queuedSubmission } from '@/test/ses-submissions';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesCommunications } from './ses-communications';
const ANA = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const CORRECTION = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a50';

const line = (over: Record<string, unknown>) => ({
  submissionId: crypto.randomUUID(),
  kind: 'PV',
  operation: 'A',
  correctionId: null,
  cancellation: null,
  environment: 'production',
  state: 'processed',
  outcome: 'stored',
  lote: 'l1',
  communicationCode: 'old-code',
  error: null,
  responseText: 'Ok',
  failure: null,
  createdAt: '2026-06-01T18:00:00.000Z',
  processedAt: '2026-06-01T18:00:20.000Z',
  ...over,
});

describe('a correction in the traveler’s record', () => {
  it('shows the cancellation and the new parte together, and the old one cancelled', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: {
        body: {
          success: true,
          data: [
            line({ correctionId: CORRECTION, communicationCode: 'new-code' }),
            line({
              operation: 'B',
              correctionId: CORRECTION,
              outcome: 'cancelled',
              communicationCode: 'old-code',
            }),
            line({ cancellation: 'done' }),
            line({
              operation: 'B',
              state: 'refused',
              outcome: 'rejected',
              communicationCode: 'older-code',
              responseText: 'Error de validación',
              processedAt: null,
            }),
          ],
        },
      },
    });
    renderPage(<SesCommunications pilgrimId={ANA} />);
    const section = await screen.findByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      /^Correction · Parte de viajeros: Stored by the Ministry on .* \(code new-code\)$/,
    );
    expect(items[1]).toHaveTextContent(
      /^Correction · Parte de viajeros: Code old-code cancelled by the Ministry on /,
    );
    expect(items[2]).toHaveTextContent(/\(code old-code\) · cancelled$/);
    expect(items[3]).toHaveTextContent(
      /Cancellation of code older-code refused on .*: Error de validación/,
    );
  });

  it('says a correction waits for the Ministry, and why one failed', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: {
        body: {
          success: true,
          data: [
            line({
              operation: 'B',
              correctionId: CORRECTION,
              state: 'queued',
              outcome: 'pending',
              correctionState: 'waiting',
              processedAt: null,
            }),
            line({
              operation: 'B',
              correctionId: crypto.randomUUID(),
              state: 'refused',
              outcome: 'rejected',
              communicationCode: 'older-code',
              correctionState: 'failed',
              correctionError: 'Comunicación ya anulada',
              processedAt: null,
            }),
          ],
        },
      },
    });
    renderPage(<SesCommunications pilgrimId={ANA} />);
    const section = await screen.findByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      /Cancellation of code old-code sent on .* · the corrected parte is sent once the Ministry has processed this cancellation/,
    );
    expect(items[1]).toHaveTextContent(
      /· correction failed, the corrected parte was not sent: Comunicación ya anulada/,
    );
  });

  it('cancels a stored communication at the Ministry after a confirmation', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const establishmentId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5e';
    const { calls } = mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: {
        body: { success: true, data: [line({ establishmentId, communicationCode: 'abc-123' })] },
      },
      [`POST /api/establishments/${establishmentId}/ses/communications/abc-123/cancel`]: {
        status: 201,
        body: {
          success: true,
          data: queuedSubmission({ establishmentId }),
        },
      },
    });
    const { user } = renderPage(<SesCommunications pilgrimId={ANA} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel at the Ministry' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Cancel communication abc-123 at SES.HOSPEDAJES?',
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(
      await screen.findByText('Cancellation sent: the Ministry is processing it.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('corrects a stored reserva from the record, after a confirmation', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const establishmentId = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5e';
    const { calls } = mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: {
        body: {
          success: true,
          data: [line({ establishmentId, kind: 'RH', communicationCode: 'rh-123' })],
        },
      },
      [`POST /api/pilgrims/${ANA}/ses/correct`]: {
        status: 201,
        body: {
          success: true,
          data: {
            correctionId: CORRECTION,
            cancellation: queuedSubmission({
              establishmentId,
              kind: 'RH',
              correctionId: CORRECTION,
            }),
            alta: null,
            state: 'waiting',
          },
        },
      },
    });
    const { user } = renderPage(<SesCommunications pilgrimId={ANA} />);
    const section = await screen.findByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
    expect(within(section).getByRole('listitem')).toHaveTextContent(/^Reserva: Stored/);
    await user.click(within(section).getByRole('button', { name: 'Send the correction' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Correct communication rh-123 at SES.HOSPEDAJES?',
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Correct it' }));
    expect(
      await screen.findByText(
        'Correction asked: the corrected communication is sent once the Ministry has processed the cancellation.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ kind: 'RH' }]);
  });

  it('tells a cancellation in the history, with its code and why', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const entry = (reason: 'cancel' | 'correct' | 'delete'): TravelerHistoryEntry => ({
      id: crypto.randomUUID(),
      at: '2026-11-22T13:05:00.000Z',
      action: 'pilgrim.ses_cancelled',
      by: 'staff',
      actor: { id: '11111111-1111-4111-8111-111111111111', name: 'María', email: null },
      fields: [],
      documents: [],
      size: null,
      source: null,
      sentTo: null,
      arrival: null,
      renumbered: null,
      ses: { communicationCode: 'old-code', kind: 'PV', reason },
    });
    mockApi({
      [`GET /api/pilgrims/${ANA}/history`]: {
        body: {
          success: true,
          data: [entry('correct'), entry('cancel')],
          pagination: { total: 2, page: 1, limit: 20, totalPages: 1 },
        },
      },
    });
    const { user } = renderPage(<TravelerHistory pilgrimId={ANA} />);
    await user.click(screen.getByRole('button', { name: 'History of this record' }));
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Correction sent to SES.HOSPEDAJES: code old-code cancelled and the parte sent again',
      'Stored communication cancelled at SES.HOSPEDAJES (code old-code)',
    ]);
  });
});

describe('what the Ertzaintza stored, in the traveler’s record (decision 061)', () => {
  it('names the Ertzaintza and sends to its portal for a correction, offering no cancellation', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: {
        body: {
          success: true,
          data: [
            line({
              authority: 'ertzaintza',
              environment: 'test',
              establishmentId: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
              communicationCode: 'f60670f1-14f1-40cb-ad23-d53b97007fbd',
            }),
          ],
        },
      },
    });
    renderPage(<SesCommunications pilgrimId={ANA} />);
    const section = await screen.findByRole('region', { name: 'Sent to the Ertzaintza' });
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      /Stored by the Ertzaintza on .* \(request f60670f1-14f1-40cb-ad23-d53b97007fbd\) · the Ertzaintza's service cannot cancel or correct it: do it on the Ertzaintza's portal$/,
    );
    expect(within(section).queryByRole('button')).toBeNull();
  });
});
