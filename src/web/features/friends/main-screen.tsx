import { Container, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.tsx';
import { CATEGORY_BUTTONS } from '../../../protocol/constants.ts';
import { CategoryButtons } from '../../shared/components/category-buttons.tsx';
import { usePageTitle } from '../../shared/hooks/page-title.ts';
import { useErrorText } from '../../shared/hooks/use-error-text.ts';
import { useLanguage } from '../../shared/i18n/use-language.ts';
import { useCategories } from '../../shared/api/use-categories.ts';
import { useFriends } from './api.ts';
import { FriendGrid } from './friend-grid.tsx';
import { MainActions } from './main-actions.tsx';
import { SKIP_TARGETS, SkipLink } from '../../shared/a11y/skip-link.tsx';

/** /main: the characters list with its category filter and tools. */
export function MainScreen() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const errorText = useErrorText();
  const [categories, setCategories] = useState(0);
  const [showall, setShowall] = useState(false);
  const cats = useCategories(lang);
  const friends = useFriends({ lang, categories, showall });
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
      <FriendGrid
        friends={friends.data}
        loading={friends.isFetching}
        error={friends.isError ? errorText(friends.error) : null}
      />
    </Container>
  );
}

export default MainScreen;
