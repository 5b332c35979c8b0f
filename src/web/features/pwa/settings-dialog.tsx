import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Button, Checkbox, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { callOrThrow } from '../../shared/api/call-or-throw.ts';
import {
  disablePush,
  enablePush,
  pushState,
  type EnableResult,
} from '../../shared/push/push-client.ts';
import { detectPlatform } from './platform.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

type Kind = 'turn' | 'image' | 'shared';
const KINDS: { kind: Kind; label: 'pwa.notifyTurn' | 'pwa.notifyImage' | 'pwa.notifyShared' }[] = [
  { kind: 'turn', label: 'pwa.notifyTurn' },
  { kind: 'image', label: 'pwa.notifyImage' },
  { kind: 'shared', label: 'pwa.notifyShared' },
];

/**
 * "Notifications and privacy" (from the user menu; the profile may link it too): this
 * device's notifications (permission asked only on the click), what to be told about, and
 * the usage statistics opt-out.
 */
export default function PushSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: queryKeys.push.settings(),
    queryFn: () => callOrThrow('GetSetPushSettings', {}),
  });
  const device = useQuery({ queryKey: queryKeys.push.device(), queryFn: pushState });
  const optout = useQuery({
    queryKey: queryKeys.push.analyticsOptOut(),
    queryFn: () => callOrThrow('GetSetAnalyticsOptOut', {}),
  });
  const [result, setResult] = useState<EnableResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function toggleDevice() {
    setBusy(true);
    try {
      if (device.data === 'on') {
        await disablePush();
        setResult(null);
      } else if (settings.data) {
        setResult(await enablePush(settings.data.vapidkey));
      }
      await qc.invalidateQueries({ queryKey: queryKeys.push.device() });
      await qc.invalidateQueries({ queryKey: queryKeys.push.settings() });
    } finally {
      setBusy(false);
    }
  }

  async function setKind(kind: Kind, on: boolean) {
    const next = await callOrThrow('GetSetPushSettings', { [kind]: on ? 1 : 0 });
    qc.setQueryData(queryKeys.push.settings(), next);
  }

  async function setOptOut(on: boolean) {
    qc.setQueryData(
      queryKeys.push.analyticsOptOut(),
      await callOrThrow('GetSetAnalyticsOptOut', { optout: on ? 1 : 0 }),
    );
  }

  const state = result === 'failed' ? 'failed' : (device.data ?? null);
  const note =
    state === 'on'
      ? t('pwa.enabled')
      : state === 'blocked'
        ? t('pwa.blocked')
        : state === 'unsupported'
          ? t('pwa.unsupported')
          : state === 'failed'
            ? t('pwa.failed')
            : t('pwa.notEnabled');
  const ios = detectPlatform();

  return (
    <Modal opened onClose={onClose} title={t('pwa.settingsTitle')} centered>
      <Stack gap="sm" data-testid="push-settings">
        <Title order={3} size="h4">
          {t('pwa.notifyHeading')}
        </Title>
        <Alert
          color={state === 'on' ? 'green' : state === 'off' || !state ? 'gray' : 'yellow'}
          data-testid="push-state"
          data-state={state ?? ''}
        >
          {note}
          {ios.ios && !ios.standalone && state !== 'on' ? ` ${t('pwa.iosHint')}` : ''}
        </Alert>
        {state !== 'unsupported' && state !== 'blocked' ? (
          <Button
            onClick={() => void toggleDevice()}
            loading={busy}
            disabled={!settings.data}
            data-testid="push-toggle"
          >
            {state === 'on' ? t('pwa.disable') : t('pwa.enable')}
          </Button>
        ) : null}
        {KINDS.map(({ kind, label }) => (
          <Checkbox
            key={kind}
            label={t(label)}
            checked={settings.data?.[kind] === 1}
            disabled={!settings.data}
            onChange={(e) => void setKind(kind, e.currentTarget.checked)}
            data-testid={`push-kind-${kind}`}
          />
        ))}
        <Title order={3} size="h4" mt="sm">
          {t('pwa.privacyHeading')}
        </Title>
        <Checkbox
          label={t('pwa.analyticsOptOut')}
          checked={optout.data?.optout === 1}
          disabled={!optout.data}
          onChange={(e) => void setOptOut(e.currentTarget.checked)}
          data-testid="analytics-optout"
        />
        <Text size="xs" c="dimmed">
          {t('pwa.analyticsNote')}
        </Text>
      </Stack>
    </Modal>
  );
}
