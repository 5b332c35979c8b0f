import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import { Button, Checkbox, Group } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { Link } from 'react-router';
import { CartIcon, ImageIcon, PlusIcon } from '../../shared/components/icons.tsx';
import { useGlobalPriv } from '../../shared/session/use-global-priv.ts';
import { useAllowAdd } from '../../shared/session/use-allow-add.ts';

/**
 * The list's tools by permission (spec part 1 §6): canadd → add character, imgedit →
 * create image, neither → buy a subscription; global privilege → show all characters.
 */
export function MainActions({
  showAll,
  onShowAll,
}: {
  showAll: boolean;
  onShowAll: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const allow = useAllowAdd();
  const priv = useGlobalPriv();
  const perms = allow.data;

  return (
    <Group gap="sm" className="main-actions">
      {perms?.canadd ? (
        <Button
          component={Link}
          to="/createdit"
          leftSection={<PlusIcon size={18} />}
          data-testid="add-character"
        >
          {t('main.addCharacter')}
        </Button>
      ) : null}
      {perms?.imgedit ? (
        <Button
          component={Link}
          to="/createimg"
          variant="light"
          leftSection={<ImageIcon size={18} />}
          data-testid="create-image"
        >
          {t('main.createImage')}
        </Button>
      ) : null}
      {perms && !perms.canadd && !perms.imgedit ? (
        <Button
          component={Link}
          to="/buy"
          color="orange"
          leftSection={<CartIcon size={18} />}
          data-testid="buy-subscription"
          className="main-actions__buy"
        >
          {t('main.buySubscription')}
        </Button>
      ) : null}
      {priv.data ? (
        <Checkbox
          label={t('main.showAll')}
          checked={showAll}
          onChange={(e) => onShowAll(e.currentTarget.checked)}
          data-testid="show-all"
        />
      ) : null}
    </Group>
  );
}
