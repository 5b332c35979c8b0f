import { Text } from '@mantine/core';
import { TEXT_LIMIT_WARN_SHARE } from '../../../protocol/constants.ts';
import { useTranslation } from '../i18n/use-translation.tsx';
import { useLanguage } from '../i18n/use-language.ts';

/** Past the limit the server would refuse the text. */
export const overLimit = (text: string, max: number) => text.length > max;

/**
 * Characters used against a field's limit, shown only near it (from 80%) so that it says
 * something when it matters; past the limit it says, as an alert, that the text will not go.
 */
export function LengthCounter({
  text,
  max,
  id,
  action = 'send',
  testId,
}: {
  text: string;
  max: number;
  /** For the field's aria-describedby. */
  id?: string;
  action?: 'send' | 'save';
  testId?: string;
}) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  if (text.length < max * TEXT_LIMIT_WARN_SHARE) return null;
  const fmt = new Intl.NumberFormat(lang === 'he' ? 'he-IL' : 'en-US');
  const vars = { count: fmt.format(text.length), max: fmt.format(max) };
  const over = overLimit(text, max);
  return (
    <Text
      id={id}
      size="xs"
      c={over ? 'red.8' : 'dimmed'}
      role={over ? 'alert' : undefined}
      className="length-counter"
      data-over={over || undefined}
      data-testid={testId ?? 'length-counter'}
    >
      {over
        ? t(action === 'save' ? 'limits.tooLongToSave' : 'limits.tooLong', vars)
        : t('limits.counter', vars)}
    </Text>
  );
}
