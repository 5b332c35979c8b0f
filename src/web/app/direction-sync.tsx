import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { useLanguage } from '../shared/i18n/use-language.ts';

/** Keeps Mantine's direction in step with the language (the <html> attributes follow i18n). */
export function DirectionSync() {
  const { dir } = useLanguage();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(dir), [dir, setDirection]);
  return null;
}
