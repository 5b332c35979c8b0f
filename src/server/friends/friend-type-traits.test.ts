import { describe, expect, it } from 'vitest';
import { FRIEND_TYPES, FriendType, friendTypeTraits } from '../../protocol/constants.ts';

describe('friendTypeTraits (spec part 1 "Friend types", part 2 §2 and §6)', () => {
  it('gives helpers and editors files and the canvas, and no other type', () => {
    const withFiles = FRIEND_TYPES.filter((t) => friendTypeTraits(t).files);
    expect(withFiles).toEqual([FriendType.helper, FriendType.editor]);
    expect(FRIEND_TYPES.filter((t) => friendTypeTraits(t).canvas)).toEqual(withFiles);
  });

  it('makes the dictionary the brand assistant and the helper the one that routes', () => {
    expect(FRIEND_TYPES.filter((t) => friendTypeTraits(t).brand)).toEqual([FriendType.dictionary]);
    expect(FRIEND_TYPES.filter((t) => friendTypeTraits(t).routes)).toEqual([FriendType.helper]);
    expect(FRIEND_TYPES.filter((t) => friendTypeTraits(t).system)).toEqual([FriendType.system]);
  });

  it('keeps dictionary, editor and system for the global privilege', () => {
    expect(FRIEND_TYPES.filter((t) => friendTypeTraits(t).privileged)).toEqual([
      FriendType.dictionary,
      FriendType.editor,
      FriendType.system,
    ]);
  });

  it('gives an unknown type nothing', () => {
    expect(Object.values(friendTypeTraits(99)).some(Boolean)).toBe(false);
  });
});
