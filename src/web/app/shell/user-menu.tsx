import { Text, UnstyledButton } from '@mantine/core';
import { FitText } from '../../shared/components/fit-text.tsx';
import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';

// The menu, its confirmation dialog and the popover machinery (floating-ui) load on the first
// click: most visits never open it, and the landing page never shows it.
const UserMenuDropdown = lazy(() => import('./user-menu-dropdown.tsx'));

type ButtonProps = { fullname: string | null } & ComponentPropsWithoutRef<'button'>;

/** The user's name in the top bar: the menu's target, before and after the menu loads. */
export const UserMenuButton = forwardRef<HTMLButtonElement, ButtonProps>(function UserMenuButton(
  { fullname, ...rest },
  ref,
) {
  return (
    <UnstyledButton
      ref={ref}
      className="top-bar__name"
      data-testid="user-menu"
      aria-haspopup="menu"
      aria-label={fullname ?? undefined}
      {...rest}
    >
      {/* Cut at the name's logical end, whatever its directions (FitText). */}
      <Text component="span" size="sm" fw={500} className="top-bar__name-text">
        <FitText text={fullname ?? ''} testId="user-fullname" />
      </Text>
    </UnstyledButton>
  );
});

/** The signed-in user's name opens their menu (the profile, signing out everywhere). */
export function UserMenu({ fullname }: { fullname: string | null }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <UserMenuButton fullname={fullname} aria-expanded={false} onClick={() => setWanted(true)} />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown fullname={fullname} />
    </Suspense>
  );
}
