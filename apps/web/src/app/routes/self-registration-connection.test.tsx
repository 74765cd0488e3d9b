import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { apiFailure, mockApi, renderPage } from '@/test/utils';
import { SelfRegistrationRoute } from './self-registration';

const LINK = 'lnk_abcdefghijklmnopqrstuvwx';
const NO_RESPONSE = 'No response from the server. Check your internet connection.';
const INVALID = 'This link is no longer valid. Ask the reception for a new one.';
const dropped = () => new TypeError('Failed to fetch');

function open() {
  // The retries wait 1, 2 and 4 s: the test's clock runs them at once.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  return renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
}
const waitOutRetries = () => vi.advanceTimersByTimeAsync(10_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('self check-in: the link on a poor connection', { timeout: 30_000 }, () => {
  it('asks again after a dropped connection and a server error, then opens the form', async () => {
    const replies = [
      dropped(),
      apiFailure(503, 'SERVICE_UNAVAILABLE', 'Down for a moment'),
      CHECKIN_LINK_INFO,
    ];
    const { calls } = mockApi({ [`GET /api/public/checkin/${LINK}`]: () => replies.shift()! });
    open();
    await waitOutRetries();
    expect(
      await screen.findByRole('heading', { name: 'Fill in from your document' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(3);
    expect(screen.queryByText(NO_RESPONSE)).not.toBeInTheDocument();
  });

  it('says so with a "Try again" button when every try fails, and the button opens the form', async () => {
    let answer: 'drop' | 'info' = 'drop';
    const { calls } = mockApi({
      [`GET /api/public/checkin/${LINK}`]: () =>
        answer === 'drop' ? dropped() : CHECKIN_LINK_INFO,
    });
    const { user } = open();
    await waitOutRetries();
    expect(await screen.findByText(NO_RESPONSE)).toBeInTheDocument();
    // The first request and three more.
    expect(calls).toHaveLength(4);

    answer = 'info';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Fill in from your document' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([
    [404, 'CHECKIN_LINK_INVALID'],
    [410, 'HTTP_410'],
  ])('takes a %i at its word: the link is no longer valid, asked once', async (status, code) => {
    const { calls } = mockApi({
      [`GET /api/public/checkin/${LINK}`]: apiFailure(status, code, 'Gone'),
    });
    open();
    await waitOutRetries();
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('does not wait on a device that says it is offline: the button shows at once', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { calls } = mockApi({ [`GET /api/public/checkin/${LINK}`]: () => dropped() });
      open();
      expect(await screen.findByText(NO_RESPONSE)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    } finally {
      offline.mockRestore();
    }
  });
});
