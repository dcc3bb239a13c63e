import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDoc, type FlowDoc } from './canvas-model';
import { clearDraft, draftKey, draftOffer, draftToDoc, readDraft, writeDraft } from './draft-storage';

const edited = (): FlowDoc => {
  const doc = emptyDoc();
  return {
    ...doc,
    name: 'Greeting',
    nodes: [...doc.nodes, { id: 'message-1', type: 'message', position: { x: 1, y: 2 }, data: { message: 'Hi' }, selected: true }],
  };
};

beforeEach(() => localStorage.clear());

describe('draft storage', () => {
  it('keeps one draft per flow, without what only the canvas needs', () => {
    expect(draftKey(12)).toBe('wac.flow-draft.12');
    expect(draftKey('new')).toBe('wac.flow-draft.new');
    expect(writeDraft(draftKey(12), edited(), 3, localStorage, 1_000)).toBe(true);
    const draft = readDraft(draftKey(12));
    expect(draft).toMatchObject({ name: 'Greeting', baseVersion: 3, savedAt: 1_000 });
    expect(draft?.nodes[1]).toEqual({ id: 'message-1', type: 'message', position: { x: 1, y: 2 }, data: { message: 'Hi' } });
    expect(draftToDoc(draft!).nodes[0]?.deletable).toBe(false);
    clearDraft(draftKey(12));
    expect(readDraft(draftKey(12))).toBeNull();
  });

  it('drops a draft it cannot read', () => {
    localStorage.setItem(draftKey(5), '{not json');
    expect(readDraft(draftKey(5))).toBeNull();
    localStorage.setItem(draftKey(6), JSON.stringify({ name: 1 }));
    expect(readDraft(draftKey(6))).toBeNull();
    expect(localStorage.getItem(draftKey(6))).toBeNull();
  });

  it('says when writing fails (storage full)', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writeDraft('k', edited(), null, full)).toBe(false);
  });

  it('offers a draft holding what the server does not; stale once the flow was saved since its work began', () => {
    writeDraft('k', edited(), 3, localStorage, Date.parse('2026-05-01T10:05:00Z'));
    const draft = readDraft('k');
    const saved = { doc: emptyDoc(), version: 3 };
    expect(draftOffer(draft, saved)).toEqual({ draft, stale: false });
    // Saved elsewhere, even after the draft was written (a refused 409 save): the work exists nowhere else.
    expect(draftOffer(draft, { ...saved, version: 4 })).toEqual({ draft, stale: true });
    expect(draftOffer(draft, { ...saved, doc: edited() })).toBeNull();
    expect(draftOffer(null, saved)).toBeNull();
  });

  it("offers a new flow's draft only when something was done in it", () => {
    writeDraft('new', emptyDoc(), null);
    expect(draftOffer(readDraft('new'), null)).toBeNull();
    writeDraft('new', edited(), null);
    expect(draftOffer(readDraft('new'), null)).not.toBeNull();
  });
});
