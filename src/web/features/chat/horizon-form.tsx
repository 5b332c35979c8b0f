import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useSetHorizon } from './use-horizon.ts';

/**
 * The horizon popover's form (loaded with the popover, horizon-popover.tsx: its number
 * field brings react-number-format, which the chat's first paint does not need).
 */
export default function HorizonForm({
  friendid,
  chapter,
  chapters,
}: {
  friendid: string;
  chapter: number | null;
  chapters: number;
}) {
  const { t } = useTranslation();
  const save = useSetHorizon(friendid);
  const [value, setValue] = useState<string | number>(chapter ?? '');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = (next: number | null) => {
    if (next !== null && (!Number.isInteger(next) || next < 0)) {
      setNote({ ok: false, text: t('reading.horizonBad') });
      return;
    }
    save.mutate(next, {
      onSuccess: (d) =>
        setNote({
          ok: true,
          text:
            d.chapter === null
              ? t('reading.horizonCleared')
              : t('reading.horizonSaved', { n: d.chapter }),
        }),
      onError: () => setNote({ ok: false, text: t('reading.horizonError') }),
    });
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('reading.horizonTitle')}
      </Text>
      <Text size="xs" c="dimmed">
        {chapters ? t('reading.horizonHint') : t('reading.horizonNone')}
      </Text>
      <Group gap="xs" align="end" wrap="nowrap">
        <NumberInput
          label={t('reading.horizonLabel')}
          description={chapters ? t('reading.horizonOf', { n: chapters }) : undefined}
          value={value}
          onChange={setValue}
          min={0}
          max={100000}
          allowDecimal={false}
          allowNegative={false}
          size="xs"
          w={150}
          data-testid="horizon-input"
        />
        <Button
          size="xs"
          loading={save.isPending}
          data-testid="horizon-save"
          onClick={() => submit(value === '' ? Number.NaN : Number(value))}
        >
          {t('reading.horizonSave')}
        </Button>
      </Group>
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        disabled={chapter === null}
        data-testid="horizon-clear"
        onClick={() => submit(null)}
      >
        {t('reading.horizonClear')}
      </Button>
      {note ? (
        <Text size="xs" c={note.ok ? 'teal' : 'red'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </Text>
      ) : null}
    </Stack>
  );
}
