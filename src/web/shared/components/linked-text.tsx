import { Anchor } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';

/** The app's own pages a server's text may name (a refusal's buy link, issue 38). */
const PATHS = /(\/buy)(?![\w/])/g;

/**
 * A server's text (a refusal, a failed reply) with the app's pages it names as links: "…
 * בדף הרכישה: /buy" shows the path as a link to it, isolated left to right so a Hebrew
 * sentence does not turn it into "buy/".
 */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(PATHS);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Anchor
            key={i}
            component={Link}
            to={part}
            dir="ltr"
            className="linked-text__link"
            data-testid="refusal-link"
            inherit
            underline="always"
          >
            <bdi>{part}</bdi>
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
