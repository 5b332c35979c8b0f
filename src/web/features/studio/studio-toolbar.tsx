import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import {
  BookIcon,
  BulbIcon,
  CheckIcon,
  FileIcon,
  SaveIcon,
  TrashIcon,
} from '../../shared/components/icons.tsx';

/** Title, the 'saved' indicator and the screen's buttons. */
export function StudioToolbar({
  title,
  exists,
  canDelete,
  saved,
  saving,
  onSave,
  onFiles,
  onKnowledge,
  onEditorChat,
  onDelete,
}: {
  title: string;
  exists: boolean;
  canDelete: boolean;
  saved: boolean;
  saving: boolean;
  onSave: () => void;
  onFiles: () => void;
  onKnowledge: () => void;
  /** Work on the character with the editor (sharoneditor); absent: not offered. */
  onEditorChat?: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="studio-toolbar">
      <Group gap="sm" className="studio-toolbar__title">
        <Title order={1} size="h2" dir="auto">
          {title}
        </Title>
        <Text
          component="span"
          size="sm"
          c="teal.8"
          fw={600}
          className="studio-saved"
          data-visible={saved || undefined}
          aria-live="polite"
          data-testid="studio-saved"
        >
          {saved ? (
            <>
              <CheckIcon size={16} /> {t('studio.saved')}
            </>
          ) : null}
        </Text>
      </Group>
      <Group gap="xs" className="studio-toolbar__actions">
        <Button
          variant="default"
          leftSection={<FileIcon size={17} />}
          disabled={!exists}
          title={exists ? undefined : t('studio.saveFirst')}
          onClick={onFiles}
          data-testid="studio-files"
        >
          {t('studio.buttons.files')}
        </Button>
        <Button
          variant="default"
          leftSection={<BookIcon size={17} />}
          disabled={!exists}
          title={exists ? undefined : t('studio.saveFirst')}
          onClick={onKnowledge}
          data-testid="studio-knowledge"
        >
          {t('studio.buttons.knowledge')}
        </Button>
        {onEditorChat ? (
          <Button
            variant="default"
            leftSection={<BulbIcon size={17} />}
            title={t('studio.editorChatHint')}
            onClick={onEditorChat}
            data-testid="studio-editor-chat"
          >
            {t('studio.buttons.editorChat')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<TrashIcon size={17} />}
            onClick={onDelete}
            data-testid="studio-delete"
          >
            {t('studio.buttons.delete')}
          </Button>
        ) : null}
        <Button
          leftSection={<SaveIcon size={17} />}
          loading={saving}
          onClick={onSave}
          data-testid="studio-save"
        >
          {t('studio.buttons.save')}
        </Button>
      </Group>
    </div>
  );
}
