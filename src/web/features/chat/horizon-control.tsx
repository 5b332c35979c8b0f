import '@mantine/core/styles/Popover.css';
import { Button, Center, Loader, Popover } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSetHorizon } from './use-horizon.ts';

const HorizonForm = lazy(() => import('./horizon-form.tsx'));

/**
 * "I have read up to chapter N": the character then keeps later chapters to itself, and
 * retrieval never finds them (issue 18). Saying it in the chat works too (the server reads it).
 */
export function HorizonControl({ friendid }: { friendid: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useGetSetHorizon(friendid);
  const chapter = query.data?.chapter ?? null;
  const chapters = query.data?.chapters ?? 0;

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
          onClick={() => setOpen((o) => !o)}
        >
          {chapter === null ? t('reading.horizonButton') : t('reading.horizonSet', { n: chapter })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="horizon-popover">
        {open ? (
          <Suspense
            fallback={
              <Center>
                <Loader size="xs" />
              </Center>
            }
          >
            <HorizonForm friendid={friendid} chapter={chapter} chapters={chapters} />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
