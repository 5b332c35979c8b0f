import '@mantine/core/styles/Popover.css';
import { Popover, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import type { Citation } from '../../../protocol/actions/reading.ts';
import { CitationButton, useSourceLine } from './citation-mark.tsx';

/**
 * The cited passage in a popover (citation-mark.tsx loads it on the mark's first click,
 * already open).
 */
export default function CitationPopover({ citation: c }: { citation: Citation }) {
  const source = useSourceLine(c);
  const [opened, setOpened] = useState(true);
  // Escape closes it wherever the focus is (Mantine's own Escape needs the focus inside).
  useWindowEvent('keydown', (e) => {
    if (opened && e.key === 'Escape') setOpened(false);
  });
  return (
    <Popover
      width={340}
      position="top"
      withArrow
      shadow="md"
      trapFocus={false}
      opened={opened}
      onChange={setOpened}
    >
      <Popover.Target>
        <CitationButton citation={c} aria-expanded={opened} onClick={() => setOpened((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown data-testid="citation-popover" className="chat-cite__popover">
        <Text size="xs" fw={600} c="dimmed" dir="auto" className="chat-cite__source">
          {source}
        </Text>
        <Text size="sm" dir="auto" className="chat-cite__text">
          {c.text}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
