import { ActionIcon, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.tsx';
import { useTimedMessage } from '../hooks/use-timed-message.ts';
import { CopyIcon } from './icons.tsx';

/** Copies `text`; says "copied" beside the button for two seconds. */
export function CopyButton({
  text,
  label,
  testid,
  className,
}: {
  text: string;
  label: string;
  testid: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [said, say] = useTimedMessage(2000);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      say(t('chatx.copied'));
    } catch {
      say(t('chatx.copyFailed'));
    }
  };
  return (
    <span className={className}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={() => void copy()}
        aria-label={label}
        title={label}
        data-testid={testid}
      >
        <CopyIcon size={15} />
      </ActionIcon>
      {said ? (
        <Text span size="xs" c="teal.8" role="status" data-testid={`${testid}-status`}>
          {said}
        </Text>
      ) : null}
    </span>
  );
}
