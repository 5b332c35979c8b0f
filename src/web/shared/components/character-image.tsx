import { useState } from 'react';

/**
 * A character's picture; when the file is missing, the first letter of the name on a
 * warm background instead of a broken image.
 */
export function CharacterImage({
  src,
  name,
  className,
}: {
  src: string;
  name: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(!src);
  if (failed) {
    return (
      <div
        className={`character-image character-image--fallback ${className ?? ''}`}
        aria-hidden="true"
      >
        {name.trim().charAt(0)}
      </div>
    );
  }
  return (
    <img
      className={`character-image ${className ?? ''}`}
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
