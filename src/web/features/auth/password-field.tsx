import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { EyeIcon } from '../../shared/components/core-icons.tsx';

/**
 * The sign-in form's password, with a show/hide button. A chunk of its own (Mantine's
 * PasswordInput is 2 KB of gzip): the form shows it only after the reader asks for it, and
 * starts fetching it as soon as that choice is offered (`loadPasswordField` in login-form).
 */
export default function PasswordField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      label={t('login.password')}
      description={t('login.passwordHint')}
      dir="ltr"
      autoComplete="current-password"
      autoFocus
      size="md"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleIcon={({ reveal }) => <EyeIcon off={reveal} size={18} />}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('login.hidePassword') : t('login.showPassword'),
        'data-testid': 'login-password-toggle',
      }}
      data-testid="login-password"
    />
  );
}
