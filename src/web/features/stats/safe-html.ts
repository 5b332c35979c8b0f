/** Tags the analysis summary may use (the server already keeps only these). */
const ALLOWED = new Set([
  'P',
  'B',
  'STRONG',
  'I',
  'EM',
  'UL',
  'OL',
  'LI',
  'BR',
  'H3',
  'H4',
  'BLOCKQUOTE',
]);

/**
 * A second line of defence for server-made HTML: only the allowed tags survive, with no
 * attributes; anything else is replaced by its text (scripts and styles are dropped).
 */
export function safeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Node, into: Node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.appendChild(document.createTextNode(child.textContent ?? ''));
      } else if (child instanceof Element) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(child.tagName)) continue;
        if (ALLOWED.has(child.tagName)) {
          const el = document.createElement(child.tagName.toLowerCase());
          clean(child, el);
          into.appendChild(el);
        } else clean(child, into);
      }
    }
  };
  const out = document.createElement('div');
  clean(doc.body, out);
  return out.innerHTML;
}
