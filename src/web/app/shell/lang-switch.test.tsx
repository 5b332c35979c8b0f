import { useDirection } from '@mantine/core';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storage } from '../../shared/storage/storage.ts';
import { renderScreen } from '../../test/render.tsx';
import { LangSwitch } from './lang-switch.tsx';

function MantineDir() {
  return <span data-testid="mantine-dir">{useDirection().dir}</span>;
}

describe('language switch and direction', () => {
  it('Hebrew renders right-to-left', () => {
    renderScreen(
      <>
        <LangSwitch />
        <MantineDir />
      </>,
      { lang: 'he' },
    );
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'he');
    expect(screen.getByTestId('mantine-dir')).toHaveTextContent('rtl');
    expect(screen.getByTestId('lang-he')).toHaveAttribute('aria-pressed', 'true');
  });

  it('switching to English flips to left-to-right at once and stores the choice', async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <LangSwitch />
        <MantineDir />
      </>,
      { lang: 'he' },
    );
    await user.click(screen.getByTestId('lang-en'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(screen.getByTestId('mantine-dir')).toHaveTextContent('ltr');
    expect(screen.getByTestId('lang-en')).toHaveAttribute('aria-pressed', 'true');
    expect(storage.get('lang')).toBe('en');

    await user.click(screen.getByTestId('lang-he'));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('mantine-dir')).toHaveTextContent('rtl');
  });
});
