import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Declaration } from '@hospes/shared/declarations';
import { stubSignaturePad } from '@/features/desk/test/fixtures';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { DeclarationPanel } from './declaration-panel';

const ID = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
const roque = { id: ID, name: 'Albergue San Roque' };
const V1 = '0195f2a0-1111-7000-8000-000000000001';
const V2 = '0195f2a0-2222-7000-8000-000000000002';
const statement = {
  language: 'en',
  title: 'Responsible declaration (declaración responsable)',
  paragraphs: [
    'Ana García, as holder or legal representative of the lodging establishment “Albergue San Roque”, with tax ID (NIF) B58378431, located at Rúa do Vilar 12, 15705 Santiago de Compostela (A Coruña),',
    'DECLARES, under their own responsibility, that:',
    '1. The establishment keeps the register of the people who stay in it.',
    'In witness whereof, this declaration is signed in Santiago de Compostela on 10/03/2026. It is valid until 09/03/2027.',
  ],
};
const version = (signedOn: string, validUntil: string, id: string) => ({
  id,
  signedAt: `${signedOn}T11:00:00.000Z`,
  signedOn,
  validUntil,
  signerName: 'Ana García',
  signedByName: 'Ana García',
  language: 'en',
  size: 48_000,
});
const answer = (data: Partial<Declaration>, status = 200) => ({
  status,
  body: {
    success: true,
    data: {
      state: 'never',
      validUntil: null,
      daysLeft: null,
      versions: [],
      statement,
      ...data,
    },
  },
});

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
    Object.assign(URL, { createObjectURL: () => 'blob:declaration', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("an establishment's declaración responsable", () => {
  it('is signed on the pad after reading the statement, and then shows until when it is valid', async () => {
    authStore.setSession(sampleUser, { remember: true });
    stubSignaturePad();
    let signed = false;
    const { calls } = mockApi({
      [`GET /api/establishments/${ID}/declaration`]: () =>
        signed
          ? answer({
              state: 'valid',
              validUntil: '2027-03-09',
              daysLeft: 364,
              versions: [version('2026-03-10', '2027-03-09', V1)],
            })
          : answer({}),
      [`POST /api/establishments/${ID}/declaration`]: () => {
        signed = true;
        return answer(
          {
            state: 'valid',
            validUntil: '2027-03-09',
            daysLeft: 364,
            versions: [version('2026-03-10', '2027-03-09', V1)],
          },
          201,
        );
      },
    });
    const { user } = renderPage(<DeclarationPanel establishment={roque} />);
    const toggle = await screen.findByRole('button', {
      name: /Declaración responsable.*not signed/,
    });
    await user.click(toggle);
    expect(
      screen.getByText(
        'This establishment has not signed its declaration yet. Sign it here: it is valid for one year.',
      ),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Sign the declaration (Albergue San Roque)' }),
    );
    const form = screen.getByRole('form', {
      name: 'Sign the declaración responsable of Albergue San Roque',
    });
    // The statement, filled by the server, in the interface language, and where the binding text is.
    expect(within(form).getByRole('heading', { name: statement.title })).toBeInTheDocument();
    expect(within(form).getByText(statement.paragraphs[0]!)).toBeInTheDocument();
    expect(
      within(form).getByText(
        'The Spanish text is the legally binding one: the PDF holds it together with this translation.',
      ),
    ).toBeInTheDocument();

    // Nothing drawn: nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Sign and save' }));
    expect(within(form).getByText('Sign in the box before saving.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const pad = within(form).getByRole('img', { name: /Your signature/ });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'pen', clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, pointerType: 'pen', clientX: 40, clientY: 30 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'pen', clientX: 60, clientY: 20 });
    await user.click(within(form).getByRole('button', { name: 'Sign and save' }));

    expect(
      await screen.findByText(/Declaration signed: valid until Mar 9, 2027/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      language: 'en',
    });
    expect(screen.queryByRole('form')).toBeNull();
    expect(
      screen.getByRole('button', { name: /Declaración responsable.*valid until Mar 9, 2027/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Signed on Mar 10, 2026 by Ana García, valid until Mar 9, 2027'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Renew the declaration (Albergue San Roque)' }),
    ).toBeInTheDocument();
  });

  it('warns before it ends, and downloads each signed version', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const state: Partial<Declaration> = {
      state: 'expiring',
      validUntil: '2027-03-09',
      daysLeft: 20,
      versions: [version('2026-03-10', '2027-03-09', V2), version('2025-03-01', '2026-02-28', V1)],
    };
    const { fetchMock } = mockApi({
      [`GET /api/establishments/${ID}/declaration`]: () => answer(state),
    });
    const json = fetchMock.getMockImplementation()!;
    const downloads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.endsWith('/pdf')) {
          downloads.push(url.pathname);
          return new Response(new Blob(['%PDF-1.7']), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition':
                'attachment; filename="declaracion-responsable-B58378431-2025-03-01.pdf"',
            },
          });
        }
        return json(input, init);
      }),
    );
    const { user } = renderPage(<DeclarationPanel establishment={roque} />);
    await user.click(
      await screen.findByRole('button', { name: /Declaración responsable.*ends on Mar 9, 2027/ }),
    );
    expect(
      screen.getByText('The declaration is valid until Mar 9, 2027. Renew it before then.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Signed declarations' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: 'Download PDF (Mar 1, 2025)' }));
    await vi.waitFor(() =>
      expect(saved).toEqual(['declaracion-responsable-B58378431-2025-03-01.pdf']),
    );
    expect(downloads).toEqual([`/api/establishments/${ID}/declarations/${V1}/pdf`]);
  });

  it('says when it has expired, and offers to renew it', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/establishments/${ID}/declaration`]: answer({
        state: 'expired',
        validUntil: '2026-02-28',
        daysLeft: -10,
        versions: [version('2025-03-01', '2026-02-28', V1)],
      }),
    });
    const { user } = renderPage(<DeclarationPanel establishment={roque} />);
    await user.click(
      await screen.findByRole('button', {
        name: /Declaración responsable.*expired on Feb 28, 2026/,
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The declaration was valid until Feb 28, 2026. Sign it again to renew it.',
    );
    expect(
      screen.getByRole('button', { name: 'Renew the declaration (Albergue San Roque)' }),
    ).toBeInTheDocument();
  });

  it('is hidden from a member whose role may not manage the establishment', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': {
        body: {
          success: true,
          user: sampleUser,
          memberships: [
            {
              establishmentId: ID,
              establishmentName: 'Albergue San Roque',
              role: 'receptionist',
              roleName: null,
              permissions: ['travelers.register', 'travelers.view', 'travelers.edit'],
            },
          ],
        },
      },
    });
    authStore.setSession(sampleUser, { remember: true });
    await authStore.refreshMemberships();
    renderPage(<DeclarationPanel establishment={roque} />);
    expect(screen.queryByRole('button', { name: /Declaración responsable/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/declaration'))).toBe(false);
  });
});
