import { describe, expect, it } from 'vitest';
import type { EngineMessage } from '../ai/engine.ts';
import { estimateTokens } from '../ai/tokens.ts';
import { parseMarkers } from './markers.ts';
import { assemblePrompt, budgetFor, foldSplit, type PromptParts } from './prompt.ts';

const base = (over: Partial<PromptParts> = {}): PromptParts => ({
  character: {
    friendid: 'holmes',
    friendname: 'Sherlock Holmes',
    personality: 'Sharp, precise, a little vain.',
    background: 'Lives at 221B Baker Street.',
    friendtype: 0,
  },
  lang: 'en',
  user: {
    fullname: 'Dana',
    notes: 'I am a nurse.',
    friendNotes: 'Call me Dr. Dana.',
    memory: 'Dana likes violin music.',
  },
  summary: '',
  history: [],
  knowledge: [],
  message: { role: 'user', content: 'Who stole the jewel?' },
  budget: { contextTokens: 24_000, replyTokens: 2_000, foldAtTokens: 12_000 },
  ...over,
});

const turns = (n: number, words = 30): EngineMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `turn ${i} ` + 'word '.repeat(words),
  }));

describe('prompt assembly', () => {
  it('orders character, markers, user, memory, summary in the system prompt; knowledge goes with the new message', () => {
    const p = assemblePrompt(
      base({
        summary: 'They discussed the blue carbuncle.',
        knowledge: [{ text: 'The jewel was hidden in a goose.' }],
        history: turns(2),
      }),
    );
    const order = [
      'You are Sherlock Holmes',
      'Sharp, precise',
      'Baker Street',
      'Special markers',
      'Name: Dana',
      'I am a nurse',
      'Call me Dr. Dana',
      'violin',
      'blue carbuncle',
    ];
    const positions = order.map((s) => p.system.indexOf(s));
    expect(positions.every((x) => x >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(p.system).not.toContain('goose');
    const last = p.messages.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content.indexOf('goose')).toBeLessThan(
      last.content.indexOf('Who stole the jewel?'),
    );
    expect(p.messages.slice(0, -1)).toEqual(turns(2));
  });

  it('speaks Hebrew to a Hebrew conversation', () => {
    const p = assemblePrompt(
      base({ lang: 'he', character: { ...base().character, friendname: 'שרלוק הולמס' } }),
    );
    expect(p.system).toContain('את/ה שרלוק הולמס');
    expect(p.system).toContain('כללי סימון');
  });

  it('consecutive turns share the previous prompt as a prefix (cache-friendly)', () => {
    const h = turns(10);
    const a = assemblePrompt(
      base({ history: h.slice(0, 8), message: h[8]!, knowledge: [{ text: 'passage A' }] }),
    );
    const b = assemblePrompt(
      base({
        history: h.slice(0, 10),
        message: { role: 'user', content: 'next' },
        knowledge: [{ text: 'passage B' }],
      }),
    );
    expect(b.system).toBe(a.system);
    expect(b.messages.slice(0, 8)).toEqual(a.messages.slice(0, 8));
  });

  it('keeps the newest turns within the budget and asks for a fold', () => {
    const budget = { contextTokens: 3_000, replyTokens: 500, foldAtTokens: 1_500 };
    const p = assemblePrompt(base({ history: turns(200), budget }));
    expect(p.tokens.total).toBeLessThanOrEqual(budget.contextTokens - budget.replyTokens);
    expect(p.droppedTurns).toBeGreaterThan(0);
    expect(p.needsFold).toBe(true);
    expect(p.messages.at(-2)!.content).toContain('turn 199');
    expect(p.messages[0]!.role).toBe('user');
  });

  it('a short history needs no fold', () => {
    const p = assemblePrompt(base({ history: turns(6) }));
    expect(p.needsFold).toBe(false);
    expect(p.droppedTurns).toBe(0);
  });

  it('a greeting that opens the history is preceded by a user turn', () => {
    const p = assemblePrompt(
      base({ history: [{ role: 'assistant', content: 'Come in, Watson.' }] }),
    );
    expect(p.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('librarians get the catalogue and the navigation rule; others do not', () => {
    const catalogue = [{ friendid: 'alice', friendname: 'Alice', description: 'A curious girl' }];
    const lib = assemblePrompt(
      base({ character: { ...base().character, friendtype: 1 }, catalogue }),
    );
    expect(lib.system).toContain('alice — Alice — A curious girl');
    expect(lib.system).toContain(': @id');
    const plain = assemblePrompt(base());
    expect(plain.system).not.toContain(': @id');
  });

  it('the editor sees the character it works on', () => {
    const p = assemblePrompt(
      base({
        character: {
          ...base().character,
          friendid: 'sharoneditor',
          friendname: 'Sharon',
          friendtype: 3,
        },
        editing: {
          friendid: 'anne',
          friendname: 'Anne Shirley',
          personality: 'Imaginative',
          background: 'Green Gables',
          friendtype: 0,
          firstprompt: 'Hello!',
          description: 'Red hair',
        },
      }),
    );
    expect(p.system).toContain('name: Anne Shirley');
    expect(p.system).toContain('Green Gables');
  });

  it('a pasted image travels with the message', () => {
    const p = assemblePrompt(
      base({
        message: { role: 'user', content: 'What is this?', image: 'data:image/jpeg;base64,AAA' },
      }),
    );
    expect(p.messages.at(-1)!.image).toBe('data:image/jpeg;base64,AAA');
  });

  it('folds the older half, ending on an answer', () => {
    expect(foldSplit(turns(10))).toBe(4);
    expect(foldSplit(turns(2))).toBe(0);
    expect(budgetFor('offline').contextTokens).toBeLessThan(budgetFor('gpt-4o').contextTokens);
  });

  it('estimates Hebrew as more tokens per character than English', () => {
    expect(estimateTokens('שלום לך עולם יפה')).toBeGreaterThan(
      estimateTokens('hello to you world'),
    );
  });
});

describe('answer markers', () => {
  it('::name:: creates a subject and hides the answer', () => {
    expect(parseMarkers('::The hound::')).toEqual({ newSubject: 'The hound', hidden: true });
  });
  it('::(name):: renames and stays shown', () => {
    expect(parseMarkers('Renamed. ::(מסע לירח)::')).toEqual({
      renameSubject: 'מסע לירח',
      hidden: false,
    });
  });
  it('an answer that is only ::(name):: renames and is hidden, leaving no empty bubble', () => {
    expect(parseMarkers('  ::(New name)::\n')).toEqual({ renameSubject: 'New name', hidden: true });
  });
  it(': @@id@@ sets detailsfor and stays shown', () => {
    expect(parseMarkers('Let us work on her. : @@anne@@')).toEqual({
      detailsfor: 'anne',
      hidden: false,
    });
  });
  it(': @id navigates and hides', () => {
    expect(parseMarkers('You will love her.\n: @alice')).toEqual({
      navigateTo: 'alice',
      hidden: true,
    });
  });
  it('ordinary text and times are not markers', () => {
    expect(parseMarkers('We met at 10:30 and talked: nothing more. E-mail me@example.com')).toEqual(
      { hidden: false },
    );
  });
});
