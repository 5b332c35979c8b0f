import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation.tsx';
import type { Category } from '../../../protocol/entities.ts';
import { CATEGORY_BUTTONS } from '../../../protocol/constants.ts';

export interface CategoryButtonsProps {
  categories: readonly Category[];
  /** Selected categories as a bitmask (0: all). */
  value: number;
  onChange: (value: number) => void;
  /** How many buttons show before 'show more' (spec: 8 by default, the main screen 64). */
  visible?: number;
}

/** Category filter: each button toggles its bit; 'all' clears the filter. */
export function CategoryButtons({
  categories,
  value,
  onChange,
  visible = CATEGORY_BUTTONS.default,
}: CategoryButtonsProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? categories : categories.slice(0, visible);
  const hasMore = categories.length > visible;

  return (
    <Group gap="xs" role="group" aria-label={t('main.categories')} className="category-buttons">
      <Button
        size="compact-md"
        radius="xl"
        variant={value === 0 ? 'filled' : 'default'}
        aria-pressed={value === 0}
        onClick={() => onChange(0)}
        data-testid="category-all"
      >
        {t('main.allCategories')}
      </Button>
      {shown.map((c) => {
        const on = (value & c.id) !== 0;
        return (
          <Button
            key={c.id}
            size="compact-md"
            radius="xl"
            variant={on ? 'filled' : 'default'}
            aria-pressed={on}
            onClick={() => onChange(value ^ c.id)}
            data-testid="category-button"
            data-category={c.id}
          >
            {c.name}
          </Button>
        );
      })}
      {hasMore ? (
        <Button
          size="compact-md"
          radius="xl"
          variant="subtle"
          aria-expanded={expanded}
          onClick={() => setExpanded((e) => !e)}
          data-testid="show-more"
        >
          {expanded ? t('main.showLess') : t('main.showMore')}
        </Button>
      ) : null}
    </Group>
  );
}
