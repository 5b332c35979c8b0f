import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postJson } from '../../shared/api/client.ts';
import { useFakeClock } from '../../test/fake-clock.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderScreen } from '../../test/render.tsx';
import { ORDER_POLLING } from './api.ts';
import { BuyResultScreen } from './buy-result-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
  postJson: vi.fn(),
}));

const waiting = { Error: 0, order: 41, status: 0, paymentref: '', invoice: '', invurl: '' };

function answerOrder(reply: (n: number) => Record<string, unknown>) {
  let n = 0;
  vi.mocked(postJson).mockImplementation((async () => reply(++n)) as never);
}

const render = (lang: 'he' | 'en' = 'en') =>
  renderScreen(<BuyResultScreen />, { route: '/buy/41', path: '/buy/:order', lang });

describe('BuyResultScreen', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('an order never paid: asks a bounded number of times, then says it could not be processed', async () => {
    useFakeClock();
    answerOrder(() => waiting);
    render();
    expect(await screen.findByTestId('buy-confirming')).toBeInTheDocument();
    const failed = await screen.findByTestId('buy-failed');
    expect(failed).toHaveTextContent('We could not process your order, please try again later');
    expect(screen.getByRole('link', { name: 'Back to purchase' })).toHaveAttribute('href', '/buy');
    expect(screen.queryByTestId('buy-confirming')).toBeNull();
    expect(vi.mocked(postJson)).toHaveBeenCalledTimes(ORDER_POLLING.times);
    // Over: no more asking however long the page stays open.
    vi.advanceTimersByTime(ORDER_POLLING.every * 20);
    expect(vi.mocked(postJson)).toHaveBeenCalledTimes(ORDER_POLLING.times);
  });

  it('a confirmation arriving while it waits shows the thank-you', async () => {
    useFakeClock();
    answerOrder((n) =>
      n < 3
        ? waiting
        : { ...waiting, status: 1, paymentref: 'pi_1', invoice: 'SB-41', invurl: '/inv' },
    );
    render();
    expect(await screen.findByTestId('buy-thanks')).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('41');
    expect(vi.mocked(postJson)).toHaveBeenCalledTimes(3);
  });

  it('a cancelled order and an unknown one end at once, in Hebrew too', async () => {
    answerOrder(() => ({ ...waiting, status: -1 }));
    const { unmount } = render('he');
    expect(await screen.findByTestId('buy-failed')).toHaveTextContent('לא הצלחנו לעבד את הזמנתך');
    expect(screen.getByRole('link', { name: 'חזרה לרכישה' })).toBeInTheDocument();
    expect(vi.mocked(postJson)).toHaveBeenCalledTimes(1);
    unmount();
    answerOrder(() => ({ Error: 4, Errstr: 'no such order' }));
    render();
    expect(await screen.findByTestId('buy-failed')).toBeInTheDocument();
  });
});
