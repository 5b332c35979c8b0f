import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/errors.ts';
import { friendFiles, knowledgeChunks, knowledgeTerms } from '../db/schema.ts';
import {
  buildBigDocx,
  buildDocx,
  buildPdf,
  postForm,
  withDeclaredSizes,
  type FilePart,
} from '../test/fixtures.ts';
import {
  createTestApp,
  rpc,
  testDatabases,
  userWithSession,
  type TestApp,
} from '../test/harness.ts';
import { knowledgeOn } from '../test/services.ts';

describe.each(testDatabases())('knowledge files on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let stranger: string;

  const upload = (token: string | undefined, file: FilePart | undefined, fields = {}) =>
    postForm(t.app, '/api/upload', {
      bearer: token,
      fields: { friend: 'bookworm', friendtype: '0', ...fields },
      file,
    });
  const files = async (token = owner) =>
    (await rpc(t.app, { action: 'GetFiles', friend: 'bookworm' }, { bearer: token })).body
      .files as { num: number; title: string; subject: string; tm: string }[];
  const retrieve = (q: string) => knowledgeOn(t.deps).retrieve('bookworm', q, 3);

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { UPLOAD_MAX_MB: '1', FILES_PER_FRIEND: '7', DOCX_MAX_UNZIPPED_MB: '2' },
    });
    owner = await userWithSession(t, 'owner@example.com', { grant: 'canadd' });
    viewer = await userWithSession(t, 'viewer@example.com');
    stranger = await userWithSession(t, 'stranger@example.com', { grant: 'canadd' });
    const made = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'bookworm',
        friendname: 'Bookworm',
        image: '/friends/librarian.svg',
        personality: 'Reads everything.',
        firstprompt: 'Hi',
        friendtype: 1,
      },
      { bearer: owner },
    );
    expect(made.body.Error).toBe(0);
    const novel = await rpc(
      t.app,
      {
        action: 'SetFriendDetails',
        insert: 1,
        friendid: 'novel',
        friendname: 'Novel',
        image: '/friends/librarian.svg',
        personality: 'A book character.',
        firstprompt: 'Hi',
        friendtype: 0,
      },
      { bearer: owner },
    );
    expect(novel.body.Error).toBe(0);
    for (const friendid of ['bookworm', 'novel']) {
      await rpc(
        t.app,
        { action: 'AddEmailToFriend', friendid, user: 'viewer@example.com' },
        { bearer: owner },
      );
    }
  });
  afterAll(() => t.close());

  it('txt, md, html, docx and pdf are uploaded, extracted and indexed', async () => {
    const uploads: [FilePart, string, string][] = [
      [
        { name: 'מכתב.txt', data: Buffer.from('מכתב מהנמל\n\nהספינה "עוגן" תגיע בחודש אדר.') },
        'מכתב',
        'עוגן',
      ],
      [
        {
          name: 'notes.md',
          data: Buffer.from('# Sailing notes\n\nThe schooner Albatross sails at noon.'),
        },
        'notes',
        'Albatross',
      ],
      [
        {
          name: 'page.html',
          data: Buffer.from(
            '<html><head><title>Map</title><style>.x{}</style><script>var hidden="zzsecret"</script></head>' +
              '<body><h1>Treasure</h1><p>The treasure lies near the &quot;windmill&quot;.</p></body></html>',
          ),
        },
        'page',
        'windmill',
      ],
      [
        {
          name: 'letter.docx',
          data: buildDocx(['מכתב מאת הקברניט', 'The lantern of Marlowe burns blue.']),
        },
        'letter',
        'Marlowe',
      ],
      [
        {
          name: 'log.pdf',
          data: buildPdf([['Ship log, day one'], ['The parrot Quillfeather speaks Latin.']]),
        },
        'log',
        'Quillfeather',
      ],
    ];
    for (const [file, title, word] of uploads) {
      const r = await upload(owner, file, { subject: 'ים' });
      expect(r.status, r.text).toBe(200);
      expect(r.text).toMatch(/^OK \d+$/);
      const list = await files();
      expect(list[0]).toMatchObject({ num: Number(r.text.slice(3)), title, subject: 'ים' });
      const found = await retrieve(word);
      expect(found[0]?.text, word).toContain(word);
      expect(found[0]?.source).toMatchObject({ kind: 'file', title });
    }
    expect(await retrieve('zzsecret')).toEqual([]);
    const html = (await retrieve('windmill'))[0]!.text;
    expect(html).toContain('The treasure lies near the "windmill".');

    // The original and its text are kept in storage, and never served.
    const [row] = await t.deps.db.select().from(friendFiles).where(eq(friendFiles.title, 'log'));
    expect(row!.storageKey).toMatch(/^knowledge\/\d+\/[0-9a-f]{32}\.pdf$/);
    expect((await t.storage.get(row!.storageKey))?.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.storage.get(`${row!.storageKey}.txt`))?.toString()).toContain('Quillfeather');
    for (const url of [
      `/files/${row!.storageKey}`,
      `/files/images/${row!.storageKey.split('/').pop()}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Quillfeather');
    }
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/download?imagename=${row!.storageKey.split('/').pop()}`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(dl.statusCode).toBe(404);
  });

  it('bad files are refused cleanly, in the caller language, and nothing is stored', async () => {
    const before = (await files()).length;
    const chunksBefore = (await t.deps.db.select().from(knowledgeChunks)).length;
    const cases: [FilePart, number, RegExp][] = [
      [{ name: 'tool.exe', data: Buffer.from('MZ...') }, 400, /not supported/],
      [
        { name: 'photo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
        400,
        /not supported/,
      ],
      [{ name: 'empty.txt', data: Buffer.alloc(0) }, 400, /empty/],
      [{ name: 'big.txt', data: Buffer.alloc(1024 * 1024 + 10, 'a') }, 413, /at most 1 MB/],
      [
        {
          name: 'broken.pdf',
          data: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'),
        },
        400,
        /could not be read/,
      ],
      [{ name: 'fake.pdf', data: Buffer.from('just text pretending') }, 400, /could not be read/],
      [
        { name: 'broken.docx', data: Buffer.from('PK\u0003\u0004 not really a zip') },
        400,
        /could not be read/,
      ],
      [
        { name: 'binary.txt', data: Buffer.from([0, 1, 2, 3, 0, 0, 0, 5, 6]) },
        400,
        /not supported/,
      ],
      [{ name: 'blank.md', data: Buffer.from('   \n\n  ') }, 400, /No text/],
      // A few KB that claim to unpack to 100 bytes a part and really unpack to 3 MB.
      [
        { name: 'bomb.docx', data: withDeclaredSizes(buildBigDocx(3 * 1024 * 1024), 100) },
        400,
        /^The document is too large once unpacked: at most 2 MB$/,
      ],
      [{ name: 'noimage.pdf', data: buildPdf([[]]) }, 400, /No text/],
    ];
    for (const [file, status, text] of cases) {
      const r = await upload(owner, file, { lang: 'en' });
      expect(r.status, file.name).toBe(status);
      expect(r.text, file.name).toMatch(text);
      expect(r.text).not.toMatch(/^OK/);
    }
    const he = await upload(owner, { name: 'tool.exe', data: Buffer.from('x') }, { lang: 'he' });
    expect(he.text).toBe(
      'סוג הקובץ אינו נתמך. אפשר להעלות קובצי txt, md, html, pdf, docx או epub.',
    );
    const bombHe = await upload(
      owner,
      { name: 'bomb.docx', data: withDeclaredSizes(buildBigDocx(3 * 1024 * 1024), 100) },
      { lang: 'he' },
    );
    expect(bombHe).toEqual({
      status: 400,
      text: 'המסמך גדול מדי כשהוא נפתח מהכיווץ: אפשר עד 2 MB',
    });
    const noFile = await upload(owner, undefined, { lang: 'en' });
    expect(noFile).toEqual({ status: 400, text: 'No file was sent' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await files()).length).toBe(before);
    expect((await t.deps.db.select().from(knowledgeChunks)).length).toBe(chunksBefore);
  });

  it('who may upload: not anonymous, not a stranger, not a viewer, not in someone else’s name', async () => {
    const file = { name: 'a.txt', data: Buffer.from('hello there') };
    expect((await upload(undefined, file)).status).toBe(401);
    const s = await upload(stranger, file, { lang: 'en' });
    expect(s.status).toBe(403);
    // A viewer of a literary character (type 0) has no files there (a helper: see personal-files).
    const v = await upload(viewer, file, { lang: 'en', friend: 'novel' });
    expect(v).toEqual({ status: 403, text: 'You have no permission to edit this character' });
    const other = await upload(viewer, file, { user: 'owner@example.com' });
    expect(other.status).toBe(403);
    const missing = await upload(owner, file, { friend: 'nosuchfriend' });
    expect(missing).toEqual({ status: 404, text: 'הדמות לא נמצאה.' });
    const badId = await upload(owner, file, { friend: '../../etc' });
    expect(badId.status).toBe(400);
    // A browser session needs the XSRF header, as on /api.
    const cookie = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      cookies: { sid: owner },
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(cookie.statusCode).toBe(403);
  });

  it('titles, subjects, find title, move to top and delete', async () => {
    const list = await files();
    const pdf = list.find((f) => f.title === 'log')!;
    const md = list.find((f) => f.title === 'notes')!;
    const act = (body: Record<string, unknown>, token = owner) =>
      rpc(t.app, { friendid: 'bookworm', ...body }, { bearer: token });

    expect(
      (await act({ action: 'UpdateTitle', num: pdf.num, title: 'The ship log' })).body.Error,
    ).toBe(0);
    expect((await act({ action: 'UpdateTitle', num: pdf.num, title: '  ' })).body.Error).toBe(
      ErrorCode.BAD_INPUT,
    );
    expect(
      (await act({ action: 'UpdateFileSubject', num: pdf.num, subject: 'Voyage' })).body.Error,
    ).toBe(0);
    expect((await files()).find((f) => f.num === pdf.num)).toMatchObject({
      title: 'The ship log',
      subject: 'Voyage',
    });

    expect((await act({ action: 'GetFileTitle', num: md.num })).body).toEqual({
      Error: 0,
      title: 'Sailing notes',
    });
    expect((await act({ action: 'GetFileTitle', num: pdf.num })).body.title).toBe(
      'Ship log, day one',
    );

    expect((await act({ action: 'MoveFileToTop', num: md.num })).body.Error).toBe(0);
    expect((await files())[0]!.num).toBe(md.num);
    // A viewer of this helper sees their own (personal) files, none of the shared ones, and
    // cannot reach a shared file by its number.
    const theirs = await rpc(t.app, { action: 'GetFiles', friend: 'bookworm' }, { bearer: viewer });
    expect(theirs.body).toEqual({ Error: 0, files: [], personal: true, search: 'words' });
    expect(
      (await rpc(t.app, { action: 'GetFiles', friend: 'bookworm' }, { bearer: owner })).body
        .personal,
    ).toBe(false);
    expect((await act({ action: 'MoveFileToTop', num: pdf.num }, viewer)).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await act({ action: 'DelFile', num: pdf.num }, viewer)).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await files()).length).toBe(list.length);
    expect(
      (await act({ action: 'UpdateTitle', num: pdf.num, title: 'x' }, stranger)).body.Error,
    ).toBe(ErrorCode.FORBIDDEN);
    const strangerList = await rpc(
      t.app,
      { action: 'GetFiles', friend: 'bookworm' },
      { bearer: stranger },
    );
    expect(strangerList.body.Error).toBe(ErrorCode.FORBIDDEN);

    const [row] = await t.deps.db.select().from(friendFiles).where(eq(friendFiles.id, pdf.num));
    expect((await act({ action: 'DelFile', num: pdf.num })).body).toEqual({ Error: 0 });
    expect(await t.storage.get(row!.storageKey)).toBeNull();
    expect(await t.storage.get(`${row!.storageKey}.txt`)).toBeNull();
    expect(await retrieve('Quillfeather')).toEqual([]);
    expect((await act({ action: 'DelFile', num: pdf.num })).body.Error).toBe(ErrorCode.NOT_FOUND);
  });

  it('the count limit per character is enforced', async () => {
    let n = (await files()).length;
    while (n < 7) {
      expect(
        (await upload(owner, { name: `f${n}.txt`, data: Buffer.from(`file ${n}`) })).text,
      ).toMatch(/^OK/);
      n++;
    }
    const over = await upload(
      owner,
      { name: 'one-more.txt', data: Buffer.from('x') },
      { lang: 'en' },
    );
    expect(over.status).toBe(400);
    expect(over.text).toContain('already has 7 files');
  });

  it('knowledge subjects: create, read, update, list, delete; editors only', async () => {
    const act = (body: Record<string, unknown>, token = owner) =>
      rpc(t.app, { friendid: 'bookworm', ...body }, { bearer: token });
    const created = await act({
      action: 'GetSetKnowledge',
      subject: 'ספינות',
      contents: 'הספינה ״דולפין״ שטה לכרתים.',
    });
    expect(created.body).toMatchObject({
      Error: 0,
      subject: 'ספינות',
      contents: 'הספינה ״דולפין״ שטה לכרתים.',
    });
    const num = created.body.num as number;
    expect((await retrieve('לאן שטה הדולפין?'))[0]?.source).toMatchObject({
      kind: 'knowledge',
      num,
      title: 'ספינות',
    });

    const read = await act({ action: 'GetSetKnowledge', num });
    expect(read.body).toMatchObject({
      num,
      subject: 'ספינות',
      contents: 'הספינה ״דולפין״ שטה לכרתים.',
    });
    const updated = await act({ action: 'GetSetKnowledge', num, contents: 'הספינה שטה לרודוס.' });
    expect(updated.body).toMatchObject({ num, subject: 'ספינות', contents: 'הספינה שטה לרודוס.' });
    expect(await retrieve('כרתים')).toEqual([]);
    expect((await retrieve('ברודוס'))[0]?.text).toContain('לרודוס');

    const blank = await act({ action: 'GetSetKnowledge', subject: ' ', contents: 'x' });
    expect(blank.body.Error).toBe(ErrorCode.BAD_INPUT);
    const list = await act({ action: 'GetKnowlegeSubjects' });
    expect(list.body.subjects).toEqual([{ num, subject: 'ספינות', tm: expect.any(String) }]);

    for (const token of [viewer, stranger]) {
      expect((await act({ action: 'GetKnowlegeSubjects' }, token)).body.Error).toBe(
        ErrorCode.FORBIDDEN,
      );
      expect((await act({ action: 'GetSetKnowledge', num }, token)).body.Error).toBe(
        ErrorCode.FORBIDDEN,
      );
      expect((await act({ action: 'DelKnowledgeManual', num }, token)).body.Error).toBe(
        ErrorCode.FORBIDDEN,
      );
    }
    expect((await act({ action: 'GetSetKnowledge', num: 999999 })).body.Error).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await act({ action: 'DelKnowledgeManual', num })).body).toEqual({ Error: 0 });
    expect(await retrieve('רודוס')).toEqual([]);
  });

  it('knowledge subjects: num 0 (a spec client\'s "new") creates a subject', async () => {
    const act = (body: Record<string, unknown>) =>
      rpc(t.app, { friendid: 'bookworm', ...body }, { bearer: owner });
    for (const num of [0, '0']) {
      const created = await act({
        action: 'GetSetKnowledge',
        num,
        subject: `Harbours ${num}`,
        contents: 'Rhodes has two harbours.',
      });
      expect(created.body).toMatchObject({ Error: 0, subject: `Harbours ${num}` });
      expect(created.body.num).toBeGreaterThan(0);
      expect((await act({ action: 'DelKnowledgeManual', num: created.body.num })).body).toEqual({
        Error: 0,
      });
    }
  });

  it('the term counts match the stored passages after all those uploads, edits and deletes', async () => {
    const counted = await t.deps.db.execute(sql`
      select c.friend_id, lexeme, count(*)::int as n
      from knowledge_chunks c, unnest(tsvector_to_array(c.tsv)) as lexeme
      where c.owner_id is null
      group by c.friend_id, lexeme order by 1, 2`);
    const kept = await t.deps.db.execute(
      sql`select friend_id, lexeme, df as n from knowledge_terms order by 1, 2`,
    );
    // Both drivers answer { rows }.
    const rows = (r: unknown) => (r as { rows: unknown[] }).rows;
    expect(rows(kept).length).toBeGreaterThan(10);
    expect(rows(kept)).toEqual(rows(counted));
  });

  it('deleting the character removes its files from storage', async () => {
    const keys = (await t.deps.db.select().from(friendFiles)).map((f) => f.storageKey);
    expect(keys.length).toBeGreaterThan(0);
    const r = await rpc(t.app, { action: 'DeleteFriend', friendid: 'bookworm' }, { bearer: owner });
    expect(r.body.Error).toBe(0);
    for (const k of keys) expect(await t.storage.get(k)).toBeNull();
    expect(await t.deps.db.select().from(knowledgeChunks)).toEqual([]);
    expect(await t.deps.db.select().from(knowledgeTerms)).toEqual([]);
  });
});
