import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderScreen } from '../../test/render.tsx';
import { CharacterCard } from './character-card.tsx';

describe('CharacterCard', () => {
  it('clamps a name of any length to two lines and keeps the whole name reachable', () => {
    stubFetch();
    const name = 'שם ארוך מאוד Very Long Name '.repeat(8).slice(0, 200);
    renderScreen(
      <CharacterCard
        friendid="f1"
        name={name}
        image=""
        description="d"
        to="/chat/f1"
        action="Open the chat"
      />,
    );
    const title = screen.getByRole('heading', { level: 2 });
    expect(title).toHaveAttribute('data-line-clamp', 'true');
    expect(title.style.getPropertyValue('--title-line-clamp')).toBe('2');
    expect(title).toHaveAttribute('title', name);
    // The link's name starts with what the card shows, the action said after it (WCAG 2.5.3).
    const link = screen.getByRole('link');
    expect(link).toHaveAccessibleName(`${name} d Open the chat`);
  });
});
