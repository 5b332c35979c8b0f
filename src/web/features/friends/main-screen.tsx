import { Container, Group, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SearchIcon } from '../../shared/components/icons.tsx';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CATEGORY_BUTTONS } from '../../../protocol/constants.ts';
import { CategoryButtons } from '../../shared/components/category-buttons.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { isolate } from '../../shared/i18n/language.ts';
import { useCategories } from '../../shared/api/use-categories.ts';
import { useFriends } from './api.ts';
import { FriendGrid } from './friend-grid.tsx';
import { MainActions } from './main-actions.tsx';
import { SKIP_TARGETS, SkipLink } from '../../shared/a11y/skip-link.tsx';

/** GetFriends' `search` takes at most this many characters. */
const SEARCH_MAX = 100;
const SEARCH_DEBOUNCE_MS = 300;

/** /main: the characters list with its category filter, a search and tools. */
export function MainScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const [categories, setCategories] = useState(0);
  const [showall, setShowall] = useState(false);
  const [typed, setTyped] = useState('');
  // One request once the reader pauses, not one per key.
  const [search] = useDebouncedValue(typed.trim().slice(0, SEARCH_MAX), SEARCH_DEBOUNCE_MS);
  const cats = useCategories(lang);
  const friends = useFriends({ lang, categories, showall, search });
  usePageTitle(t('main.title'));

  return (
    <Container size="xl" px="md" py="lg" className="main-screen">
      <Group justify="space-between" align="center" mb="md" gap="md">
        <Title order={1} size="h2">
          {t('main.title')}
        </Title>
        {/* Right after the heading, where a route change leaves the keyboard: the first card
            is two presses away, not past every tool and category (issue 38). */}
        <SkipLink target={SKIP_TARGETS.characters} testId="skip-characters">
          {t('shell.skipToCharacters')}
        </SkipLink>
        <MainActions showAll={showall} onShowAll={setShowall} />
      </Group>
      {cats.data?.length ? (
        <div className="main-screen__categories">
          <CategoryButtons
            categories={cats.data}
            value={categories}
            onChange={setCategories}
            visible={CATEGORY_BUTTONS.main}
          />
        </div>
      ) : null}
      <TextInput
        type="search"
        className="main-screen__search"
        leftSection={<SearchIcon size={16} />}
        aria-label={t('main.search')}
        placeholder={t('main.searchPlaceholder')}
        value={typed}
        maxLength={SEARCH_MAX}
        onChange={(e) => setTyped(e.currentTarget.value)}
        dir="auto"
        mb="md"
        data-testid="friends-search"
      />
      <FriendGrid
        friends={friends.data}
        loading={friends.isFetching}
        error={friends.isError ? errorText(friends.error) : null}
        emptyText={search ? t('main.noMatch', { words: isolate(search) }) : undefined}
      />
    </Container>
  );
}

export default MainScreen;
