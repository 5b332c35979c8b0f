import { Button, Group, Text, Title } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.tsx';
import { PencilIcon, TrashIcon } from '../components/icons.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { formatDateTime } from '../i18n/format-time.ts';
import { useKnowledgeEntry, type KnowledgeEntry } from './knowledge-api.ts';
import { KnowledgeLoadError } from './knowledge-form.tsx';

/** One knowledge subject, read only (spec part 2 §4: state 1), with edit and delete. */
export function KnowledgeView({
  friendid,
  num,
  onEdit,
  onDelete,
  onBack,
}: {
  friendid: string;
  num: number;
  onEdit: () => void;
  onDelete: (entry: KnowledgeEntry) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const entry = useKnowledgeEntry(friendid, num);
  if (entry.isPending) return <PageLoader />;
  if (entry.isError) return <KnowledgeLoadError error={entry.error} onBack={onBack} />;
  const k = entry.data;
  return (
    <article data-testid="knowledge-view" data-num={k.num}>
      {/* Isolated, not dir="auto": the heading keeps the dialog's side in either language. */}
      <Title order={3} size="h4" data-testid="knowledge-view-subject">
        <bdi>{k.subject}</bdi>
      </Title>
      {k.tm ? (
        <Text size="xs" c="dimmed" mt={2}>
          {t('knowledge.updatedAt', { time: formatDateTime(k.tm) })}
        </Text>
      ) : null}
      <div dir="auto" className="knowledge-dialog__text" data-testid="knowledge-view-contents">
        {k.contents}
      </div>
      <Group justify="space-between" mt="md" gap="sm">
        <Button variant="default" onClick={onBack} data-testid="knowledge-back">
          {t('knowledge.back')}
        </Button>
        <Group gap="sm">
          <Button
            variant="subtle"
            color="red"
            leftSection={<TrashIcon size={16} />}
            onClick={() => onDelete(k)}
            data-testid="knowledge-view-delete"
          >
            {t('knowledge.delete')}
          </Button>
          <Button
            leftSection={<PencilIcon size={16} />}
            onClick={onEdit}
            data-testid="knowledge-view-edit"
          >
            {t('knowledge.editButton')}
          </Button>
        </Group>
      </Group>
    </article>
  );
}
