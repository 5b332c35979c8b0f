import { Anchor, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import { FieldHead } from '../common/field-head.tsx';
import { cleanFriendId } from '../form.ts';
import type { IdStatus } from '../hooks/use-id-check.ts';

const TONE: Partial<Record<IdStatus, string>> = {
  unique: 'teal.8',
  taken: 'red.8',
  takenNoPerm: 'red.8',
  error: 'red.8',
};

/** The id: English letters and digits only, checked for uniqueness, read-only once saved. */
export function IdField({
  value,
  onChange,
  status,
}: {
  value: string;
  onChange: (value: string) => void;
  status: IdStatus;
}) {
  const { t } = useTranslation();
  const id = useId();
  const locked = status === 'locked';
  const message =
    status === 'locked'
      ? t('studio.id.locked')
      : status === 'empty'
        ? t('studio.id.hint')
        : t(`studio.id.${status}`);
  return (
    <div className="studio-field">
      <FieldHead label={t('studio.fields.id')} topic="id" htmlFor={id} />
      <TextInput
        id={id}
        value={value}
        onChange={(e) => onChange(cleanFriendId(e.currentTarget.value))}
        readOnly={locked}
        variant={locked ? 'filled' : 'default'}
        maxLength={64}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t('studio.id.placeholder')}
        aria-describedby={`${id}-message`}
        data-testid="studio-id"
      />
      <Text
        id={`${id}-message`}
        size="xs"
        mt={4}
        c={TONE[status] ?? 'dimmed'}
        role={status === 'taken' || status === 'takenNoPerm' ? 'alert' : undefined}
        data-testid="studio-id-message"
        data-status={status}
      >
        {message}
        {status === 'taken' ? (
          <>
            {' '}
            <Anchor component={Link} to={`/createdit/${value}`} size="xs">
              {t('studio.id.openExisting')}
            </Anchor>
          </>
        ) : null}
      </Text>
    </div>
  );
}
