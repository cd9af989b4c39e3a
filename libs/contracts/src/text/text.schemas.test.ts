import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findControlCharacters, stripControlCharacters } from './text.schemas';

describe('findControlCharacters', () => {
  it('finds C0 controls and DEL in strings and keys at any depth', () => {
    const error = findControlCharacters({
      q: 'a\u0000',
      nested: { list: ['ok', 'b\u001f'] },
      'k\u0001': 'v',
      del: 'x\u007f',
    });
    expect(error && z.flattenError(error).fieldErrors).toEqual({
      q: ['Must not contain control characters'],
      nested: ['Must not contain control characters'],
      'k\u0001': ['Must not contain control characters'],
      del: ['Must not contain control characters'],
    });
    expect(error?.issues.map((i) => i.path)).toContainEqual(['nested', 'list', 1]);
  });

  it('lets tab, line feed, carriage return and ordinary text through', () => {
    expect(findControlCharacters({ a: 'x\ty\r\nz', b: ['é', '😀', 1, null, true] })).toBeNull();
    expect(findControlCharacters(undefined)).toBeNull();
    expect(findControlCharacters('plain')).toBeNull();
  });

  it('copes with deep nesting', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(findControlCharacters(deep)).not.toBeNull();
  });
});

describe('stripControlCharacters', () => {
  it('removes control characters but tab and newline, and makes line breaks \\n', () => {
    expect(stripControlCharacters('a\u0000b\u0007c\u001Bd\u007Fe\u0085f')).toBe('abcdef');
    expect(stripControlCharacters('one\ttwo\nthree\r\nfour\rfive')).toBe(
      'one\ttwo\nthree\nfour\nfive',
    );
    expect(stripControlCharacters('Café – “ok” 👍')).toBe('Café – “ok” 👍');
  });
});
