import '@mantine/core/styles/Popover.css';
import { Popover } from '@mantine/core';
import { useState } from 'react';
import HorizonForm from './horizon-form.tsx';
import { HorizonButton } from './horizon-control.tsx';

/**
 * The horizon popover with its form (horizon-control.tsx loads it on the button's first
 * click, already open). The form is mounted while the popover is open, so each opening
 * starts from the saved chapter.
 */
export default function HorizonPopover({
  friendid,
  chapter,
  chapters,
}: {
  friendid: string;
  chapter: number | null;
  chapters: number;
}) {
  const [open, setOpen] = useState(true);
  return (
    <Popover
      opened={open}
      onChange={setOpen}
      width={300}
      position="bottom-end"
      withArrow
      shadow="md"
    >
      <Popover.Target>
        <HorizonButton chapter={chapter} onClick={() => setOpen((o) => !o)} />
      </Popover.Target>
      <Popover.Dropdown data-testid="horizon-popover">
        {open ? <HorizonForm friendid={friendid} chapter={chapter} chapters={chapters} /> : null}
      </Popover.Dropdown>
    </Popover>
  );
}
