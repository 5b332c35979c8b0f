import { ActionIcon, Button, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CloseIcon } from '../../shared/components/icons.tsx';

/** Right column: the reference picture, the last prompt (editable) and "create image". */
export function ReferencePanel({
  refimg,
  prompt,
  negative,
  allowed,
  busy,
  onRefimg,
  onPrompt,
  onNegative,
  onCreate,
}: {
  refimg: string;
  prompt: string;
  negative: string;
  allowed: boolean;
  busy: boolean;
  onRefimg: (v: string) => void;
  onPrompt: (v: string) => void;
  onNegative: (v: string) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="createimg-col createimg-ref" data-testid="reference-panel">
      {refimg ? (
        <div className="createimg-ref__img">
          <img src={refimg} alt={t('createImage.refAlt')} data-testid="reference-image" />
          {allowed ? (
            <ActionIcon
              size="sm"
              radius="xl"
              variant="filled"
              color="dark"
              onClick={() => onRefimg('')}
              aria-label={t('createImage.removeRef')}
              title={t('createImage.removeRef')}
            >
              <CloseIcon size={14} />
            </ActionIcon>
          ) : null}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {t('createImage.noRef')}
        </Text>
      )}
      <Textarea
        label={t('createImage.lastPrompt')}
        value={prompt}
        onChange={(e) => onPrompt(e.currentTarget.value)}
        autosize
        minRows={4}
        maxRows={8}
        dir="ltr"
        disabled={!allowed}
        data-testid="reference-prompt"
      />
      <Textarea
        label={t('createImage.negativePrompt')}
        value={negative}
        onChange={(e) => onNegative(e.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={4}
        dir="ltr"
        disabled={!allowed}
      />
      <Button
        onClick={onCreate}
        disabled={!allowed || !prompt.trim()}
        loading={busy}
        data-testid="reference-create"
      >
        {t('createImage.create')}
      </Button>
    </section>
  );
}
