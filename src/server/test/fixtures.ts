import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';

/** Files made in the test itself: a minimal .docx, a minimal PDF, images, multipart bodies. */

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document with one paragraph per entry (the parts Word itself needs, no more). */
export function buildDocx(paragraphs: string[]): Buffer {
  const body = paragraphs
    .map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`)
    .join('');
  const files = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}</w:body></w:document>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

/**
 * A zip whose directories claim every part unpacks to `declared` bytes, whatever it really
 * does (both the local headers and the central directory say so, as a crafted bomb would).
 */
export function withDeclaredSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let p = 0; p + 4 <= out.length; p++) {
    const sig = out.readUInt32LE(p);
    if (sig === 0x04034b50) out.writeUInt32LE(declared, p + 22);
    else if (sig === 0x02014b50) out.writeUInt32LE(declared, p + 24);
  }
  return out;
}

/** A .docx whose one paragraph is `chars` characters long (a few KB packed: it repeats). */
export function buildBigDocx(chars: number): Buffer {
  return buildDocx(['All work and no play makes Jack a dull boy. '.repeat(chars / 44)]);
}

const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A PDF written by hand: one page per entry, each line drawn with the standard Helvetica
 * font (so ASCII text only), with a correct cross-reference table.
 */
export function buildPdf(pages: string[][]): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, i) => {
    const content = `BT /F1 12 Tf 14 TL 72 720 Td ${lines.map((l) => `${pdfString(l)} Tj T*`).join(' ')} ET`;
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageIds[i]! + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A solid-colour image of the given size and format. */
export function buildImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData would send it (`after`: fields after the file). */
export function multipartBody(
  fields: Record<string, string>,
  file?: FilePart,
  after: Record<string, string> = {},
) {
  const boundary = `----sefer${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  const field = ([k, v]: [string, string]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  for (const f of Object.entries(fields)) parts.push(field(f));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  for (const f of Object.entries(after)) parts.push(field(f));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart form; answers the status and the text body. */
export async function postForm(
  app: FastifyInstance,
  url: string,
  opts: {
    bearer?: string;
    fields: Record<string, string>;
    file?: FilePart;
    /** Fields sent after the file. */
    after?: Record<string, string>;
    headers?: Record<string, string>;
  },
) {
  const body = multipartBody(opts.fields, opts.file, opts.after);
  const headers: Record<string, string> = { ...body.headers, ...opts.headers };
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  const res = await app.inject({ method: 'POST', url, headers, payload: body.payload });
  return { status: res.statusCode, text: res.body };
}
