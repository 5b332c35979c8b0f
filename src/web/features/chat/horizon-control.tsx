import { Button } from '@mantine/core';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { useGetSetHorizon } from './use-horizon.ts';

// The popover and its form (Popover, floating-ui, NumberInput) load on the first click: the
// chat's first paint shows only the button.
const HorizonPopover = lazy(() => import('./horizon-popover.tsx'));

type ButtonProps = { chapter: number | null } & ComponentPropsWithoutRef<'button'>;

/** The toolbar button: the popover's target, before and after the popover loads. */
export const HorizonButton = forwardRef<HTMLButtonElement, ButtonProps>(function HorizonButton(
  { chapter, ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <Button
      ref={ref}
      size="compact-xs"
      variant={chapter === null ? 'subtle' : 'light'}
      color={chapter === null ? 'gray' : 'grape'}
      data-testid="horizon-button"
      {...rest}
    >
      {chapter === null ? t('reading.horizonButton') : t('reading.horizonSet', { n: chapter })}
    </Button>
  );
});

/**
 * "I have read up to chapter N": the character then keeps later chapters to itself, and
 * retrieval never finds them (issue 18). Saying it in the chat works too (the server reads it).
 */
export function HorizonControl({ friendid }: { friendid: string }) {
  const [wanted, setWanted] = useState(false);
  const query = useGetSetHorizon(friendid);
  const chapter = query.data?.chapter ?? null;
  const chapters = query.data?.chapters ?? 0;
  const button = <HorizonButton chapter={chapter} onClick={() => setWanted(true)} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <HorizonPopover friendid={friendid} chapter={chapter} chapters={chapters} />
    </Suspense>
  );
}
