import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { A19CertificatePanel } from './a19-certificate-panel';

const ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const bilbao = {
  id: ID,
  name: 'Albergue de Bilbao',
  authority: 'ertzaintza' as const,
  landlordCode: null,
};
const certificate = (data: object) => ({
  body: {
    success: true,
    data: {
      configured: false,
      subject: null,
      expiresAt: null,
      expiresSoon: false,
      expired: false,
      environment: 'production',
      landlordCode: 'B95000000',
      ...data,
    },
  },
});
const schedule = {
  body: {
    success: true,
    data: { PV: { mode: 'manual', time: null }, RH: { mode: 'manual', time: null } },
  },
};

describe('the Ertzaintza certificate of a Basque establishment', () => {
  it('uploads the certificate file with its password and the service, and shows its holder', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi({
      [`GET /api/establishments/${ID}/a19-certificate`]: certificate({}),
      [`GET /api/establishments/${ID}/ses-schedule`]: schedule,
      [`PUT /api/establishments/${ID}/a19-certificate`]: certificate({
        configured: true,
        subject: 'C=ES, serialNumber=B95000000, CN=ALBERGUE DE BILBAO',
        expiresAt: '2027-11-29T10:00:00.000Z',
        environment: 'test',
      }),
    });
    const { user } = renderPage(<A19CertificatePanel establishment={bilbao} />);
    await user.click(await screen.findByRole('button', { name: /Ertzaintza web service/ }));
    const form = await screen.findByRole('form', {
      name: 'Ertzaintza web service (A19) (Albergue de Bilbao)',
    });
    // No certificate chosen: nothing to save yet.
    await user.click(within(form).getByRole('button', { name: 'Save (Albergue de Bilbao)' }));
    expect(await within(form).findByText('Choose the certificate file')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // The file goes in through the button (the input itself is hidden).
    const picker = within(form).getByRole('button', {
      name: 'Choose the certificate (.p12 or .pfx) (Albergue de Bilbao)',
    });
    expect(picker).toBeVisible();
    const bytes = new Uint8Array([0x30, 0x82, 0x01, 0x02, 0xff]);
    await user.upload(
      screen.getByTestId('a19-certificate-input'),
      new File([bytes], 'bilbao.p12', { type: 'application/x-pkcs12' }),
    );
    expect(within(form).getByText('File chosen: bilbao.p12')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Certificate password'), 'clave');
    await user.selectOptions(within(form).getByLabelText('Service'), 'test');
    await user.click(within(form).getByRole('button', { name: 'Save (Albergue de Bilbao)' }));

    expect(await screen.findByText('Ertzaintza certificate saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      certificate: 'MIIBAv8=',
      password: 'clave',
      environment: 'test',
    });
    expect(
      await screen.findByText('C=ES, serialNumber=B95000000, CN=ALBERGUE DE BILBAO'),
    ).toBeInTheDocument();
    // The password field is gone with the file it opened.
    expect(within(form).queryByLabelText('Certificate password')).not.toBeInTheDocument();
    // Sending by itself names where it sends (decision 061).
    expect(
      await screen.findByText(/send the partes and the reservas to the Ertzaintza by itself/),
    ).toBeInTheDocument();
  });

  it('warns of a certificate close to its expiry, and tells a wrong password on its field', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/establishments/${ID}/a19-certificate`]: certificate({
        configured: true,
        subject: 'CN=ALBERGUE DE BILBAO',
        expiresAt: '2026-12-20T10:00:00.000Z',
        expiresSoon: true,
      }),
      [`GET /api/establishments/${ID}/ses-schedule`]: schedule,
      [`PUT /api/establishments/${ID}/a19-certificate`]: apiFailure(
        400,
        'A19_CERTIFICATE_PASSWORD_WRONG',
        'The password does not open this certificate',
      ),
    });
    const { user } = renderPage(<A19CertificatePanel establishment={bilbao} />);
    await user.click(await screen.findByRole('button', { name: /Ertzaintza web service/ }));
    expect(
      await screen.findByText(/The certificate expires on .*renew it before then/),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: /Ertzaintza web service/ });
    await user.upload(
      screen.getByTestId('a19-certificate-input'),
      new File([new Uint8Array([1])], 'new.pfx'),
    );
    await user.type(within(form).getByLabelText('Certificate password'), 'mala');
    await user.click(within(form).getByRole('button', { name: 'Save (Albergue de Bilbao)' }));
    const field = within(form).getByLabelText('Certificate password');
    expect(
      await within(form).findByText('The password does not open this certificate'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not shown for an establishment that reports elsewhere', () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi({});
    renderPage(<A19CertificatePanel establishment={{ ...bilbao, authority: 'ses' }} />);
    expect(screen.queryByRole('button', { name: /Ertzaintza/ })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
