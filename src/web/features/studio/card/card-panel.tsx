import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation.tsx';
import type { Lorebook, LoreEntry } from '../../../../protocol/lorebook.ts';
import { LORE_LIMITS } from '../../../../protocol/lorebook-limits.ts';
import type { StudioForm } from '../hooks/use-studio-form.ts';
import { LoreEntryEditor } from './lore-entry.tsx';

const newEntry = (): LoreEntry => ({
  keys: [],
  secondaryKeys: [],
  content: '',
  name: '',
  comment: '',
  enabled: true,
  constant: false,
  selective: false,
  selectiveLogic: 0,
  caseSensitive: false,
  insertionOrder: 100,
  position: 'after_char',
  depth: 4,
  role: 'system',
  scanDepth: null,
  extensions: {},
});
const newBook = (name: string): Lorebook => ({
  name,
  description: '',
  scanDepth: 2,
  tokenBudget: 2_048,
  recursiveScanning: false,
  extensions: {},
  entries: [newEntry()],
});

/** The card fields of a character (issue 34): tags, creator and version, note, lorebook. */
export function CardPanel({ form }: { form: StudioForm }) {
  const { t } = useTranslation();
  const v = form.values;
  const book = v.lorebook;
  const setBook = (b: Lorebook | null) => form.set('lorebook', b);
  const setEntry = (i: number, e: LoreEntry | null) => {
    if (!book) return;
    const entries = [...book.entries];
    if (e) entries[i] = e;
    else entries.splice(i, 1);
    setBook({ ...book, entries });
  };
  return (
    <Paper withBorder radius="lg" p="md" mt="md" className="studio-card" data-testid="studio-card">
      <Title order={2} size="h4" mb={4}>
        {t('cards.panelTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('cards.panelHint', { user: '{{user}}', char: '{{char}}' })}
      </Text>
      <Stack gap="sm">
        <TagsInput
          label={t('cards.tags')}
          description={t('cards.tagsHint')}
          placeholder={t('cards.tagsPlaceholder')}
          value={v.tags}
          maxTags={LORE_LIMITS.tags}
          onChange={(tags) =>
            form.set('tags', tags.map((x) => x.trim().slice(0, LORE_LIMITS.tag)).filter(Boolean))
          }
          data-testid="studio-tags"
        />
        <Group grow align="flex-start" className="studio-card__row">
          <TextInput
            label={t('cards.creator')}
            description={t('cards.creatorHint')}
            value={v.card_creator}
            maxLength={LORE_LIMITS.creator}
            onChange={(e) => form.set('card_creator', e.currentTarget.value)}
            data-testid="studio-card-creator"
          />
          <TextInput
            label={t('cards.version')}
            value={v.card_version}
            maxLength={LORE_LIMITS.version}
            onChange={(e) => form.set('card_version', e.currentTarget.value)}
            data-testid="studio-card-version"
          />
        </Group>
        <Textarea
          label={t('cards.note')}
          description={t('cards.noteHint')}
          value={v.note}
          maxLength={LORE_LIMITS.note}
          autosize
          minRows={2}
          maxRows={12}
          dir="auto"
          onChange={(e) => form.set('note', e.currentTarget.value)}
          data-testid="studio-note"
        />
        <Group gap="sm">
          <NumberInput
            label={t('cards.noteDepth')}
            value={v.note_depth}
            min={0}
            max={LORE_LIMITS.depth}
            clampBehavior="strict"
            allowDecimal={false}
            w={190}
            onChange={(d) => form.set('note_depth', typeof d === 'number' ? d : 4)}
          />
          <Select
            label={t('cards.noteRole')}
            value={v.note_role}
            allowDeselect={false}
            w={160}
            data={[
              { value: 'system', label: t('cards.roleSystem') },
              { value: 'user', label: t('cards.roleUser') },
              { value: 'assistant', label: t('cards.roleAssistant') },
            ]}
            onChange={(r) => r && form.set('note_role', r as typeof v.note_role)}
          />
        </Group>
        <Title order={3} size="h5" mt="sm">
          {t('cards.book')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('cards.bookHint')}
        </Text>
        {!book ? (
          <Group>
            <Text size="sm">{t('cards.bookNone')}</Text>
            <Button variant="light" onClick={() => setBook(newBook(v.friendname))}>
              {t('cards.bookAdd')}
            </Button>
          </Group>
        ) : (
          <>
            <Group grow align="flex-end" className="studio-card__row">
              <TextInput
                label={t('cards.bookName')}
                value={book.name}
                maxLength={LORE_LIMITS.name}
                onChange={(e) => setBook({ ...book, name: e.currentTarget.value })}
                data-testid="studio-book-name"
              />
              <NumberInput
                label={t('cards.scanDepth')}
                value={book.scanDepth}
                min={1}
                max={LORE_LIMITS.scanDepth}
                clampBehavior="strict"
                allowDecimal={false}
                onChange={(d) => setBook({ ...book, scanDepth: typeof d === 'number' ? d : 2 })}
              />
              <NumberInput
                label={t('cards.tokenBudget')}
                value={book.tokenBudget}
                min={1}
                max={LORE_LIMITS.tokenBudget}
                clampBehavior="strict"
                allowDecimal={false}
                onChange={(d) =>
                  setBook({ ...book, tokenBudget: typeof d === 'number' ? d : 2_048 })
                }
              />
            </Group>
            <Text fw={600} size="sm">
              {t('cards.entries', { n: book.entries.length })}
            </Text>
            {book.entries.map((e, i) => (
              <LoreEntryEditor
                key={i}
                entry={e}
                n={i + 1}
                onChange={(x) => setEntry(i, x)}
                onRemove={() => setEntry(i, null)}
              />
            ))}
            <Group>
              <Button
                variant="light"
                disabled={book.entries.length >= LORE_LIMITS.entries}
                onClick={() => setBook({ ...book, entries: [...book.entries, newEntry()] })}
              >
                {t('cards.entryAdd')}
              </Button>
              <Button variant="subtle" color="red" onClick={() => setBook(null)}>
                {t('cards.bookRemove')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
