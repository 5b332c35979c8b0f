import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderScreen } from '../../test/render.tsx';
import { HelpButton, HelpProvider } from './help-dialog.tsx';

const HELP = '# c\n[he:voice]\nקול\n\nבחרו קול.\n[en:voice]\nVoice\n\nChoose a voice.\n';

describe('help dialog', () => {
  it("'?' opens the topic's section of /help.txt in the UI language", async () => {
    const fetch = stubFetch({ '/help.txt': HELP });
    const user = userEvent.setup();
    renderScreen(
      <HelpProvider>
        <HelpButton topic="voice" />
      </HelpProvider>,
      { lang: 'he' },
    );
    expect(fetch).not.toHaveBeenCalledWith('/help.txt');
    await user.click(screen.getByTestId('help-button'));
    const dialog = await screen.findByTestId('help-dialog');
    expect(await screen.findByText('בחרו קול.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('קול');
    expect(dialog).not.toHaveTextContent('Choose a voice.');
  });

  it('paths inside a Hebrew sentence read left to right', async () => {
    stubFetch({ '/help.txt': '[he:id]\nמזהה\n\nהכתובת (למשל /chat/sherlock) קבועה.\n' });
    const user = userEvent.setup();
    renderScreen(
      <HelpProvider>
        <HelpButton topic="id" />
      </HelpProvider>,
      { lang: 'he' },
    );
    await user.click(screen.getByTestId('help-button'));
    const path = await screen.findByText('/chat/sherlock');
    expect(path.tagName).toBe('BDI');
    expect(path).toHaveAttribute('dir', 'ltr');
  });

  it('a topic without a section says so', async () => {
    stubFetch({ '/help.txt': HELP });
    const user = userEvent.setup();
    renderScreen(
      <HelpProvider>
        <HelpButton topic="model" />
      </HelpProvider>,
      { lang: 'en' },
    );
    await user.click(screen.getByTestId('help-button'));
    expect(await screen.findByText('There is no help for this topic yet.')).toBeInTheDocument();
  });
});
