import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Badge.css';
import { ActionIcon, Alert, Autocomplete, Badge, Button, Checkbox, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import { EditPriv, TIMINGS } from '../../../../protocol/constants.ts';
import { TrashIcon } from '../../../shared/components/icons.tsx';
import { HelpButton } from '../../../shared/help/help-dialog.tsx';
import { useThrottledLookup } from '../hooks/use-throttled-lookup.ts';
import { emailSuggestions, useAccessList } from './access-api.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Share the character with other addresses, optionally with edit rights. */
export function AccessList({
  friendid,
  enabled,
  canChange,
}: {
  friendid: string;
  enabled: boolean;
  /** Only the creator (or the global privilege) changes the list; other editors see it. */
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState('');
  const access = useAccessList(friendid, {
    enabled,
    onStart: () => setError(''),
    onFailure: setError,
  });
  const [email, setEmail] = useState('');
  const [editpriv, setEditpriv] = useState(false);
  const [suggestions, lookup] = useThrottledLookup(
    emailSuggestions,
    TIMINGS.autocompleteThrottleMs,
  );

  // An address already on the list: the box shows the rights it has now, so sharing again
  // changes them only when the creator changes the box.
  const known = (address: string) =>
    access.list.data?.find((e) => e.user === address.trim().toLowerCase());
  const existing = known(email);
  const typed = (v: string) => {
    setEmail(v);
    const entry = known(v);
    if (entry) setEditpriv(entry.priv === EditPriv.edit);
    // Typed on past a known address: the box it had set is not the creator's choice.
    else if (existing) setEditpriv(false);
  };

  const add = () => {
    const user = email.trim().toLowerCase();
    if (!EMAIL.test(user)) {
      setError(t('studio.access.badEmail'));
      return;
    }
    access.add.mutate(
      { user, friendid, editpriv: editpriv ? EditPriv.edit : EditPriv.view },
      {
        onSuccess: () => {
          setEmail('');
          setEditpriv(false);
        },
      },
    );
  };

  return (
    <div className="studio-field studio-access">
      <div className="studio-field__head">
        <span className="studio-field__label">{t('studio.fields.access')}</span>
        <HelpButton topic="access" />
      </div>
      {!enabled ? (
        <Text size="sm" c="dimmed" data-testid="access-save-first">
          {t('studio.access.saveFirst')}
        </Text>
      ) : (
        <>
          {canChange ? (
            <form
              noValidate
              className="studio-access__form"
              onSubmit={(e) => {
                e.preventDefault();
                add();
              }}
            >
              <Autocomplete
                aria-label={t('studio.access.email')}
                placeholder={t('studio.access.email')}
                value={email}
                onChange={(v) => {
                  typed(v);
                  if (v.trim()) lookup(v.trim());
                }}
                data={suggestions}
                // The suggestions open above the field, never over the box and the Share
                // button below it (a click there picked a suggestion instead).
                comboboxProps={{ position: 'top', middlewares: { flip: false, shift: true } }}
                type="email"
                dir="ltr"
                autoComplete="off"
                className="studio-access__email"
                data-testid="access-email"
              />
              <Checkbox
                label={t('studio.access.editpriv')}
                checked={editpriv}
                onChange={(e) => setEditpriv(e.currentTarget.checked)}
                data-testid="access-editpriv"
              />
              <Button type="submit" loading={access.busy} data-testid="access-add">
                {existing ? t('studio.access.update') : t('studio.access.add')}
              </Button>
              {existing ? (
                <Text size="xs" c="dimmed" w="100%" data-testid="access-existing">
                  {existing.priv === EditPriv.edit
                    ? t('studio.access.alreadyEdits')
                    : t('studio.access.alreadyChats')}
                </Text>
              ) : null}
            </form>
          ) : null}
          {error ? (
            <Alert color="red" mt="xs" p="xs" data-testid="access-error">
              {error}
            </Alert>
          ) : null}
          <ul className="studio-access__list">
            {access.list.data?.map((entry) => (
              <li key={entry.user} className="studio-access__row" data-testid="access-row">
                <div className="studio-access__who">
                  <Text size="sm" dir="ltr" className="studio-access__address" truncate="end">
                    {entry.user}
                  </Text>
                  {entry.fullname ? (
                    <Text size="xs" c="dimmed" dir="auto" truncate="end">
                      {entry.fullname}
                    </Text>
                  ) : null}
                </div>
                <Badge
                  variant="light"
                  color={entry.priv === EditPriv.edit ? 'teal' : 'gray'}
                  size="sm"
                >
                  {entry.priv === EditPriv.edit
                    ? t('studio.access.canEdit')
                    : t('studio.access.canView')}
                </Badge>
                {canChange ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('studio.access.remove', { email: entry.user })}
                    title={t('studio.access.remove', { email: entry.user })}
                    onClick={() => access.remove.mutate({ friendid, user: entry.user })}
                    disabled={access.busy}
                    data-testid="access-delete"
                  >
                    <TrashIcon size={18} />
                  </ActionIcon>
                ) : null}
              </li>
            ))}
          </ul>
          {access.list.data?.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="access-empty">
              {t('studio.access.empty')}
            </Text>
          ) : null}
        </>
      )}
    </div>
  );
}
