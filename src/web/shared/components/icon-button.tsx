import { ActionIcon, type ActionIconProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An icon-only button: its label is both what screen readers say and the hover tip.
 * `variant` defaults to subtle, as on table rows and sidebars.
 */
export function IconButton({
  label,
  testid,
  onClick,
  disabled,
  children,
  variant = 'subtle',
  ...rest
}: Omit<ActionIconProps, 'children'> & {
  label: string;
  testid: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant={variant}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      data-testid={testid}
      {...rest}
    >
      {children}
    </ActionIcon>
  );
}
