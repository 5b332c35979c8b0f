import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import type { LoreEntry } from '../../../../protocol/lorebook.ts';
import { LORE_LIMITS } from '../../../../protocol/lorebook-limits.ts';

/** One lorebook entry: its keys beside its text, and SillyTavern's settings. */
export function LoreEntryEditor({
  entry,
  n,
  onChange,
  onRemove,
}: {
  entry: LoreEntry;
  n: number;
  onChange: (e: LoreEntry) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof LoreEntry>(k: K, v: LoreEntry[K]) => onChange({ ...entry, [k]: v });
  const title = entry.name || t('cards.entryUntitled', { n });
  const keys = (v: string[]) =>
    v
      .map((k) => k.trim().slice(0, LORE_LIMITS.key))
      .filter(Boolean)
      .slice(0, LORE_LIMITS.keys);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className="studio-lore-entry"
      data-testid="studio-lore-entry"
    >
      <div className="studio-lore-entry__grid">
        <div className="studio-lore-entry__keys">
          <TextInput
            label={t('cards.entryName')}
            value={entry.name}
            maxLength={LORE_LIMITS.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TagsInput
            label={t('cards.keys')}
            value={entry.keys}
            onChange={(v) => set('keys', keys(v))}
            maxTags={LORE_LIMITS.keys}
            data-testid="studio-lore-keys"
          />
          <TagsInput
            label={t('cards.secondaryKeys')}
            value={entry.secondaryKeys}
            onChange={(v) => set('secondaryKeys', keys(v))}
            maxTags={LORE_LIMITS.keys}
          />
        </div>
        <Textarea
          label={t('cards.content')}
          aria-description={title}
          value={entry.content}
          maxLength={LORE_LIMITS.content}
          autosize
          minRows={3}
          maxRows={10}
          dir="auto"
          onChange={(e) => set('content', e.currentTarget.value)}
        />
      </div>
      <Group gap="md" mt="xs" wrap="wrap">
        <Switch
          label={t('cards.enabled')}
          checked={entry.enabled}
          onChange={(e) => set('enabled', e.currentTarget.checked)}
        />
        <Switch
          label={t('cards.constant')}
          checked={entry.constant}
          onChange={(e) => set('constant', e.currentTarget.checked)}
        />
        <Switch
          label={t('cards.selective')}
          checked={entry.selective}
          onChange={(e) => set('selective', e.currentTarget.checked)}
        />
        <Switch
          label={t('cards.caseSensitive')}
          checked={entry.caseSensitive}
          onChange={(e) => set('caseSensitive', e.currentTarget.checked)}
        />
      </Group>
      <Group gap="sm" mt="xs" align="flex-end" wrap="wrap">
        <NumberInput
          label={t('cards.order')}
          value={entry.insertionOrder}
          min={-LORE_LIMITS.order}
          max={LORE_LIMITS.order}
          clampBehavior="strict"
          allowDecimal={false}
          w={130}
          onChange={(v) => set('insertionOrder', typeof v === 'number' ? v : 100)}
        />
        <Select
          label={t('cards.position')}
          value={entry.position}
          allowDeselect={false}
          w={230}
          data={[
            { value: 'before_char', label: t('cards.positionBefore') },
            { value: 'after_char', label: t('cards.positionAfter') },
            { value: 'at_depth', label: t('cards.positionDepth') },
          ]}
          onChange={(v) => v && set('position', v as LoreEntry['position'])}
        />
        {entry.position === 'at_depth' ? (
          <NumberInput
            label={t('cards.depth')}
            value={entry.depth}
            min={0}
            max={LORE_LIMITS.depth}
            clampBehavior="strict"
            allowDecimal={false}
            w={100}
            onChange={(v) => set('depth', typeof v === 'number' ? v : 4)}
          />
        ) : null}
        <Button variant="subtle" color="red" onClick={onRemove}>
          {t('cards.entryRemove')}
        </Button>
      </Group>
    </Paper>
  );
}
