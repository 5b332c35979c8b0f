import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import { Checkbox, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { useCategories } from '../../../shared/api/use-categories.ts';
import { useLanguage } from '../../../shared/i18n/use-language.ts';
import { HelpButton } from '../../../shared/help/help-dialog.tsx';

/** Categories as checkboxes over the bitmask; a warning while none is chosen. */
export function CategoryField({
  value,
  onChange,
}: {
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const categories = useCategories(lang);
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="studio-field studio-categories">
      <div className="studio-field__head">
        <span id={labelId} className="studio-field__label">
          {t('studio.fields.category')}
        </span>
        <HelpButton topic="category" />
      </div>
      <div className="studio-categories__list">
        {categories.data?.map((c) => (
          <Checkbox
            key={c.id}
            label={c.name}
            checked={(value & c.id) !== 0}
            onChange={(e) => onChange(e.currentTarget.checked ? value | c.id : value & ~c.id)}
            data-testid="studio-category"
            data-category={c.id}
          />
        ))}
      </div>
      {categories.isError ? (
        <Text size="xs" c="red.8">
          {t('studio.categoriesError')}
        </Text>
      ) : null}
      {value === 0 ? (
        <Text size="xs" c="orange.9" mt={6} data-testid="studio-category-warning">
          {t('studio.noCategory')}
        </Text>
      ) : null}
    </div>
  );
}
