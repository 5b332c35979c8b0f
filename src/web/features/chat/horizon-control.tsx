import '@mantine/core/styles/Popover.css';
import { Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSetHorizon, useSetHorizon } from './use-horizon.ts';

/**
 * "I have read up to chapter N": the character then keeps later chapters to itself, and
 * retrieval never finds them (issue 18). Saying it in the chat works too (the server reads it).
 */
export function HorizonControl({ friendid }: { friendid: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useGetSetHorizon(friendid);
  const save = useSetHorizon(friendid);
  const [value, setValue] = useState<string | number>('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const chapter = query.data?.chapter ?? null;
  const chapters = query.data?.chapters ?? 0;

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
    <Popover
      opened={open}
      onChange={setOpen}
      width={300}
      position="bottom-end"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <Button
          size="compact-xs"
          variant={chapter === null ? 'subtle' : 'light'}
          color={chapter === null ? 'gray' : 'grape'}
          data-testid="horizon-button"
          onClick={() => {
            setValue(chapter ?? '');
            setNote(null);
            setOpen((o) => !o);
          }}
        >
          {chapter === null ? t('reading.horizonButton') : t('reading.horizonSet', { n: chapter })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="horizon-popover">
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
      </Popover.Dropdown>
    </Popover>
  );
}
