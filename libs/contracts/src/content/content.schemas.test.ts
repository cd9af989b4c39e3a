import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTENT_TYPES_BY_CATEGORY,
  CreateContentBodySchema,
  UpdateContentBodySchema,
  categoryOfType,
} from './content.schemas';

const messages = (r: { success: boolean; error?: z.ZodError }) =>
  r.error ? z.flattenError(r.error).fieldErrors : {};

describe('CreateContentBodySchema', () => {
  it('gives the spec messages', () => {
    expect(
      messages(
        CreateContentBodySchema.safeParse({
          title: ' ',
          description: '',
          category: 'read',
          type: 'LINK',
        }),
      ),
    ).toEqual({
      title: ['Title is required'],
      description: ['Description is required'],
      url: ['URL is required for this content type'],
    });
  });

  it('needs no url for file types and defaults to active', () => {
    expect(
      CreateContentBodySchema.parse({
        title: 'Manual',
        description: 'The manual',
        category: 'read',
        type: 'PDF',
        url: '/api/files/0123456789abcdef0123456789abcdef.pdf',
      }),
    ).toMatchObject({ isActive: true });
  });

  it('accepts web addresses and site paths only: no javascript:, data: or protocol-relative URLs', () => {
    const withUrl = (url: string) =>
      CreateContentBodySchema.safeParse({
        title: 'Link',
        description: 'A link',
        category: 'read',
        type: 'LINK',
        url,
      });
    for (const good of ['https://example.org/a', 'HTTP://example.org', '/api/files/x.pdf']) {
      expect(withUrl(good).success, good).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example/x',
      'example.org',
    ]) {
      expect(messages(withUrl(bad)), bad).toEqual({
        url: ['URL must start with http://, https:// or /'],
      });
    }
  });

  it('reads URLs with the WHATWG parser: stores them normalised, refuses site paths to other hosts', () => {
    const parsed = (url: string) =>
      CreateContentBodySchema.safeParse({
        title: 'Link',
        description: 'A link',
        category: 'read',
        type: 'LINK',
        url,
      });
    for (const [given, stored] of [
      ['HTTPS://Example.org', 'https://example.org/'],
      ['https:example.org/a', 'https://example.org/a'],
      ['https://example.org/a b', 'https://example.org/a%20b'],
      ['/api/files/x.pdf', '/api/files/x.pdf'],
      ['/api/files/../files/x.pdf?v=1#p=2', '/api/files/x.pdf?v=1#p=2'],
      ['/%09/host/x', '/%09/host/x'],
      ['/a\\b', '/a/b'],
    ]) {
      const result = parsed(given as string);
      expect(result.success, given).toBe(true);
      expect(result.data?.url, given).toBe(stored);
    }
    for (const bad of [
      '/\\host/x',
      '\\/host/x',
      '/./\\host',
      'https:',
      'http://',
      'ftp://host/x',
    ]) {
      expect(messages(parsed(bad)), bad).toEqual({
        url: ['URL must start with http://, https:// or /'],
      });
    }
    for (const bad of [
      '/\t/host/x',
      '/\n/host/x',
      'https://exa\rmple.org',
      '/x\u0000',
      'https://a.org/\u0085',
    ]) {
      expect(messages(parsed(bad)), JSON.stringify(bad)).toEqual({
        url: ['URL must not contain control characters'],
      });
    }
    expect(UpdateContentBodySchema.safeParse({ url: '/\t/host/x' }).success).toBe(false);
    expect(UpdateContentBodySchema.parse({ url: 'HTTP://A.org' }).url).toBe('http://a.org/');
  });

  it('rejects a type outside its category', () => {
    expect(
      messages(
        CreateContentBodySchema.safeParse({
          title: 'x',
          description: 'y',
          category: 'listen',
          type: 'VIDEO',
        }),
      ),
    ).toEqual({ type: ['This type does not belong to the chosen category'] });
  });
});

describe('UpdateContentBodySchema', () => {
  it('accepts the toggle alone and rejects unknown fields', () => {
    expect(UpdateContentBodySchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(UpdateContentBodySchema.safeParse({ fileKey: 'x' }).success).toBe(false);
  });
});

describe('category map', () => {
  it('derives the category from the type', () => {
    for (const [category, types] of Object.entries(CONTENT_TYPES_BY_CATEGORY)) {
      for (const type of types) expect(categoryOfType(type)).toBe(category);
    }
  });
});
