/** The chat's own icons (stop, copy, regenerate, arrows, download), in the shared icons' style. */
import { Icon, type IconProps } from '../../shared/components/icons.tsx';

/** Stop: a filled square. */
export function StopIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
    </Icon>
  );
}

/** Regenerate: a circular arrow. */
export function RegenerateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </Icon>
  );
}

/** A chevron pointing to the end of the line (flip it in RTL). */
export function ChevronNextIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6l6 6-6 6" />
    </Icon>
  );
}

/** A chevron pointing to the start of the line (flip it in RTL). */
export function ChevronPrevIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 6l-6 6 6 6" />
    </Icon>
  );
}

/** Download: an arrow into a tray. */
export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11M7 10l5 5 5-5" />
      <path d="M5 19h14" />
    </Icon>
  );
}

/** Edit: a pencil. */
export function EditIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4z" />
    </Icon>
  );
}
