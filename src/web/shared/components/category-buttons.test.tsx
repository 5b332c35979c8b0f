import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../protocol/entities.ts';
import { renderScreen } from '../../test/render.tsx';
import { CategoryButtons } from './category-buttons.tsx';

// Unique ids (real ones are single bits; only the count matters here).
const cats = (n: number): Category[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `c${i}` }));

describe('CategoryButtons', () => {
  it('shows 8 categories by default, the rest behind "show more"', async () => {
    const user = userEvent.setup();
    renderScreen(<CategoryButtons categories={cats(10)} value={0} onChange={() => {}} />, {
      lang: 'en',
    });
    expect(screen.getAllByTestId('category-button')).toHaveLength(8);
    await user.click(screen.getByTestId('show-more'));
    expect(screen.getAllByTestId('category-button')).toHaveLength(10);
    expect(screen.getByTestId('show-more')).toHaveTextContent('Show less');
  });

  it('shows no "show more" when everything fits', () => {
    renderScreen(<CategoryButtons categories={cats(8)} value={0} onChange={() => {}} />);
    expect(screen.getAllByTestId('category-button')).toHaveLength(8);
    expect(screen.queryByTestId('show-more')).not.toBeInTheDocument();
  });

  it('the main screen size (64) shows 64, then the rest', async () => {
    const user = userEvent.setup();
    renderScreen(
      <CategoryButtons categories={cats(70)} value={0} onChange={() => {}} visible={64} />,
    );
    expect(screen.getAllByTestId('category-button')).toHaveLength(64);
    await user.click(screen.getByTestId('show-more'));
    expect(screen.getAllByTestId('category-button')).toHaveLength(70);
  });

  it('a click toggles that category in the bitmask; "all" clears it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const list: Category[] = [
      { id: 1, name: 'Classics' },
      { id: 4, name: 'Mystery' },
    ];
    renderScreen(<CategoryButtons categories={list} value={1} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Classics' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Mystery' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    await user.click(screen.getByRole('button', { name: 'Classics' }));
    expect(onChange).toHaveBeenLastCalledWith(0);
    await user.click(screen.getByTestId('category-all'));
    expect(onChange).toHaveBeenLastCalledWith(0);
  });
});
