import { ExtractError } from './extract-error.ts';

/**
 * Deepest nesting of HTML elements a file may have. htmlparser2 keeps its open elements in
 * an array it grows and shrinks at the front (`unshift`/`shift`), so each tag costs the
 * current depth: 200,000 nested `<div>` took 36–80 s, all of it there. Browsers stop nesting
 * at 512 (Chromium's kMaximumHTMLParserDOMTreeDepth); real pages stay within a few dozen.
 */
export const MAX_HTML_DEPTH = 1000;

/**
 * Refuses XML that declares its own entities or an internal DTD subset: the way to an entity
 * expansion ("billion laughs") attack. htmlparser2 expands no such entity, but nothing a book
 * needs is declared there, so a file carrying them is refused before it is parsed. A plain
 * public DOCTYPE (every EPUB 2 XHTML and NCX file has one) names nothing and passes.
 */
export function refuseDeclarations(xml: string, name: string): void {
  if (/<!ENTITY/i.test(xml) || /<!DOCTYPE[^>[]*\[/i.test(xml)) {
    throw new ExtractError('entity', `${name} declares entities`);
  }
}
