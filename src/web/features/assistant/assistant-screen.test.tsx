import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { answerCalls, inputsOf } from '../../test/mock-call.ts';
import { renderScreen } from '../../test/render.tsx';
import { AssistantScreen } from './assistant-screen.tsx';

vi.mock('../../shared/api/client.ts', () => ({
  call: vi.fn(),
}));

const card = (friendid: string, friendname: string) => ({
  friendid,
  friendname,
  image: `/friends/${friendid}.svg`,
  description: `${friendname} helps`,
});

describe('AssistantScreen', () => {
  beforeEach(() => {
    stubFetch();
  });

  it('shows the sales and support cards linking to their chats', async () => {
    answerCalls({
      GetHeliconAssistants: {
        Error: 0,
        sales: card('sales', 'Dana'),
        support: card('support', 'Yoni'),
      },
    });
    renderScreen(<AssistantScreen />, { route: '/assistant', path: '/assistant', lang: 'en' });
    expect(
      screen.getByRole('heading', { name: 'Technical support and marketing' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('assistant-sales')).toHaveAttribute('href', '/chat/sales');
    expect(screen.getByTestId('assistant-support')).toHaveAttribute('href', '/chat/support');
    expect(inputsOf('GetHeliconAssistants')[0]).toMatchObject({ lang: 'en' });
  });

  it('leaves out a missing assistant', async () => {
    answerCalls({
      GetHeliconAssistants: { Error: 0, sales: null, support: card('support', 'Yoni') },
    });
    renderScreen(<AssistantScreen />, { route: '/assistant', path: '/assistant' });
    expect(await screen.findByTestId('assistant-support')).toBeInTheDocument();
    expect(screen.queryByTestId('assistant-sales')).not.toBeInTheDocument();
  });
});
