import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import type { Platform } from './platform.ts';

/** How to install where the browser has no install offer (spec part 1 §2 "Install widget"). */
export default function InstallPopup({
  platform,
  onClose,
}: {
  platform: Platform;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = platform.ios
    ? t('pwa.installIos')
    : platform.desktopSafari
      ? t('pwa.installSafari')
      : t('pwa.installOther');
  return (
    <Modal opened onClose={onClose} title={t('pwa.installTitle')} centered>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <img src="/icons/icon-192.png" alt="" width={56} height={56} className="install-icon" />
        <Text size="sm" data-testid="install-instructions">
          {text}
        </Text>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-testid="install-close">
          {t('common.close')}
        </Button>
      </Group>
    </Modal>
  );
}
