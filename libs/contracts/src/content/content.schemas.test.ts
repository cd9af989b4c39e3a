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
