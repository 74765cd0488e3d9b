import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiFailure, mockApi, renderPage } from '@/test/utils';
import { ContactForm } from './contact-form';
import { ContactPage } from './contact-page';

const received = {
  success: true,
  message: 'Thank you: your message has been received.',
  data: { id: '6f7e1d0c-3a9b-4c1e-8f5d-2b7a9c0e4d11', receivedAt: '2026-05-04T09:00:00.000Z' },
};

async function fillIn(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Marta Iglesias');
  await user.type(screen.getByLabelText('Email'), 'marta@example.com');
  await user.type(
    screen.getByLabelText('Company or establishment (optional)'),
    'Albergue O Cebreiro',
  );
  await user.selectOptions(screen.getByLabelText('What is it about?'), 'Billing');
  await user.type(screen.getByLabelText('Message'), 'Where can I download my last invoice?');
}

describe('contact form (spec §3, §4: sending, sent, send another)', () => {
  it('checks the fields before sending anything', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderPage(<ContactForm />, { path: '/contacto' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      /Must be at least 10 characters long/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends, says it is sending, thanks the sender, and offers to send another', async () => {
    let release: () => void = () => {};
    const { calls } = mockApi({
      'POST /api/contact': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 201, body: received });
        }),
    });
    const { user } = renderPage(<ContactForm />, { path: '/contacto' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(sending).toHaveAttribute('aria-busy', 'true');
    release();

    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Message sent' })).toHaveFocus();
    expect(status).toHaveTextContent(
      'Thank you, Marta Iglesias. We will answer at marta@example.com within 24 hours, Monday to Friday.',
    );
    expect(calls[0]?.body).toEqual({
      name: 'Marta Iglesias',
      email: 'marta@example.com',
      company: 'Albergue O Cebreiro',
      type: 'billing',
      message: 'Where can I download my last invoice?',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Marta Iglesias');
    expect(screen.getByLabelText('Email')).toHaveValue('marta@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('puts the server field errors on their fields', async () => {
    mockApi({
      'POST /api/contact': apiFailure(400, 'VALIDATION_FAILED', 'Error in the data sent', [
        { field: 'phone', message: 'Invalid phone number' },
      ]),
    });
    const { user } = renderPage(<ContactForm />, { path: '/contacto' });
    await fillIn(user);
    await user.type(screen.getByLabelText('Phone (optional)'), '600 000 000');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone (optional)')).toHaveAccessibleDescription(
      'Invalid phone number',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when too many messages were sent (429), keeping what was typed', async () => {
    mockApi({
      'POST /api/contact': apiFailure(429, 'TOO_MANY_REQUESTS', 'Too many attempts.'),
    });
    const { user } = renderPage(<ContactForm />, { path: '/contacto' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent several messages in the last hour. Please try again later, or write to us by e-mail.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Where can I download my last invoice?');
  });

  it('shows the server message for another failure', async () => {
    mockApi({
      'POST /api/contact': apiFailure(500, 'INTERNAL', 'Server error. Please try again later.'),
    });
    const { user } = renderPage(<ContactForm />, { path: '/contacto' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Server error. Please try again later.',
    );
  });
});

describe('contact page', () => {
  const config = (email: string | null) => ({
    body: {
      success: true,
      data: {
        testimonials: [],
        operator: { name: null, address: null, nif: null, email, registry: null },
        contact: { email },
        sessionHours: 24,
      },
    },
  });

  it('shows the support hours, the FAQ, the configured address, and takes the type from the link', async () => {
    mockApi({ 'GET /api/public/config': config('hola@camino.example') });
    renderPage(<ContactPage />, { path: '/contacto?type=sales' });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('Monday to Friday, 9:00–18:00 (Spain time)')).toBeInTheDocument();
    expect(screen.getByText('We reply within 24 hours on working days.')).toBeInTheDocument();
    expect(screen.getByLabelText('What is it about?')).toHaveValue('sales');
    expect(await screen.findByRole('link', { name: 'hola@camino.example' })).toHaveAttribute(
      'href',
      'mailto:hola@camino.example',
    );
    expect(screen.getByText('I cannot log in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(document.title).toBe('Contact · Hospes');
  });

  it('shows no address when the operator has not configured one', async () => {
    const { calls } = mockApi({ 'GET /api/public/config': config(null) });
    renderPage(<ContactPage />, { path: '/contacto' });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText('You can also write to us at')).not.toBeInTheDocument();
    expect(screen.getByLabelText('What is it about?')).toHaveValue('support');
  });

  it('hides the anti-spam field where it stands, without a physical offset that widens a right-to-left page', () => {
    mockApi({});
    const { container } = renderPage(<ContactForm />, { path: '/contacto' });
    const input = container.querySelector<HTMLInputElement>('#contact-website');
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(input).toHaveAttribute('autocomplete', 'off');
    const box = input?.closest('[aria-hidden="true"]');
    expect(box).not.toBeNull();
    const classes = box?.className.split(/\s+/) ?? [];
    // Clipped to one pixel, out of the flow…
    expect(classes).toEqual(expect.arrayContaining(['absolute', 'size-px', 'overflow-hidden']));
    // …and not pushed off to one side: -left-[10000px] made the Arabic page 10,319 px wide.
    expect(classes.filter((c) => /^-?(left|right|start|end|inset|translate-x)-/.test(c))).toEqual(
      [],
    );
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });
});
