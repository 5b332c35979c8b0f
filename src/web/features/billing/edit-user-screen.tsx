import '@mantine/core/styles/SimpleGrid.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import { TIMINGS } from '../../../protocol/constants.ts';
import { PageLoader } from '../../shared/components/page-loader.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useTimedMessage } from '../../shared/hooks/use-timed-message.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { typedDir } from '../../shared/i18n/auto-dir.ts';
import { useGetSetUserData, useSaveUserData, type ProfileSave } from './api.ts';
import { MonthlyStatus } from './monthly-status.tsx';
import { OrderHistory } from './order-history.tsx';

interface Draft {
  fullname: string;
  password: string;
  verify: string;
  autoread: string;
  notes: string;
}

/** What the update button sends: the password only when one was typed, and only if both match. */
export function profileSave(
  d: Draft,
  lang: ProfileSave['lang'],
): { ok: true; input: ProfileSave } | { ok: false } {
  if (d.password !== d.verify) return { ok: false };
  return {
    ok: true,
    input: {
      fullname: d.fullname,
      autoread: d.autoread === '1' ? 1 : 0,
      notes: d.notes,
      lang,
      ...(d.password ? { password: d.password } : {}),
    },
  };
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/** /edituser (spec part 2 §2 "Edit-user screen"). */
export function EditUserScreen() {
  const { t } = useTranslation();
  const { lang, dir } = useLanguage();
  const errorText = useErrorText();
  const data = useGetSetUserData();
  const save = useSaveUserData();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [success, showSuccess] = useTimedMessage(TIMINGS.profileMessageMs);
  const [error, showError] = useTimedMessage(TIMINGS.profileMessageMs);
  usePageTitle(t('billing.profile.title'));

  if (data.isPending) return <PageLoader />;
  if (data.isError)
    return (
      <Container size="sm" py="lg">
        <Alert color="red" role="alert">
          {errorText(data.error)}
        </Alert>
      </Container>
    );
  const u = data.data;
  const d: Draft = draft ?? {
    fullname: u.fullname,
    password: '',
    verify: '',
    autoread: String(u.autoread),
    notes: u.notes,
  };
  const set = (patch: Partial<Draft>) => setDraft({ ...d, ...patch });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const out = profileSave(d, lang);
    if (!out.ok) {
      showSuccess('');
      showError(t('billing.profile.mismatch'));
      return;
    }
    save.mutate(out.input, {
      onSuccess: () => {
        setDraft(null);
        showError('');
        showSuccess(t('billing.profile.saved'));
      },
      onError: (err) => {
        showSuccess('');
        // What was typed stays in the form; the server's reason says what to fix.
        showError(`${t('billing.profile.saveError')}: ${errorText(err)}`);
      },
    });
  };

  return (
    <Container size="md" px="md" py="lg" className="edit-user-screen">
      <Group gap="xs" mb="md">
        <ActionIcon
          component={Link}
          to="/main"
          variant="subtle"
          size="lg"
          aria-label={t('billing.profile.back')}
        >
          <span aria-hidden>{dir === 'rtl' ? '→' : '←'}</span>
        </ActionIcon>
        <Title order={1} size="h2">
          {t('billing.profile.title')}
        </Title>
      </Group>
      {error ? (
        <Alert color="red" role="alert" mb="md" data-testid="profile-error">
          {error}
        </Alert>
      ) : null}
      {success ? (
        <Alert color="green" role="status" mb="md" data-testid="profile-success">
          {success}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <Figure label={t('billing.profile.credits')} value={u.credits} testId="credits" />
        <Figure label={t('billing.profile.created')} value={u.created} testId="created" />
        <Figure label={t('billing.profile.imgcredit')} value={u.imgcredit} testId="imgcredit" />
        <Figure label={t('billing.profile.imgcreated')} value={u.imgcreated} testId="imgcreated" />
      </SimpleGrid>
      <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
        <MonthlyStatus lang={lang} />
        <Anchor component={Link} to="/buy" fw={600} data-testid="buy-credits">
          {t('billing.profile.buyCredits')}
        </Anchor>
      </Group>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('billing.profile.email')} value={u.email} readOnly dir="ltr" />
          <TextInput
            label={t('billing.profile.fullname')}
            // A name in either language reads in its own direction (a Hebrew name in the
            // English screen too); the notes likewise, each paragraph its own.
            ref={typedDir(d.fullname)}
            value={d.fullname}
            onChange={(e) => set({ fullname: e.currentTarget.value })}
            maxLength={100}
            required
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label={t('billing.profile.password')}
              description={t('billing.profile.passwordHint')}
              value={d.password}
              onChange={(e) => set({ password: e.currentTarget.value })}
              autoComplete="new-password"
            />
            <PasswordInput
              label={t('billing.profile.verify')}
              value={d.verify}
              onChange={(e) => set({ verify: e.currentTarget.value })}
              autoComplete="new-password"
              error={d.verify && d.password !== d.verify ? t('billing.profile.mismatch') : null}
            />
          </SimpleGrid>
          <NativeSelect
            label={t('billing.profile.autoread')}
            value={d.autoread}
            onChange={(e) => set({ autoread: e.currentTarget.value })}
            data={[
              { value: '0', label: t('billing.profile.autoread0') },
              { value: '1', label: t('billing.profile.autoread1') },
            ]}
          />
          <Textarea
            label={t('billing.profile.notes')}
            ref={typedDir(d.notes)}
            styles={{ input: { unicodeBidi: 'plaintext', textAlign: 'start' } }}
            value={d.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
            autosize
            minRows={3}
            maxRows={8}
          />
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="profile-update">
              {t('billing.profile.update')}
            </Button>
          </Group>
        </Stack>
      </form>
      <OrderHistory lang={lang} />
    </Container>
  );
}

export default EditUserScreen;
