import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChangePasswordFormSchema, LoginBodySchema } from './auth.schemas';
import { UpdateUserBodySchema } from '../users/users.schemas';

const messages = (r: { success: boolean; error?: z.ZodError }) =>
  r.error ? z.flattenError(r.error).fieldErrors : {};

describe('LoginBodySchema', () => {
  it('lower-cases and trims the email', () => {
    expect(LoginBodySchema.parse({ email: '  Owner@Example.COM ', password: 'abcdefgh' })).toEqual({
      email: 'owner@example.com',
      password: 'abcdefgh',
    });
  });

  it('gives the spec messages for a bad email and a short password', () => {
    const r = LoginBodySchema.safeParse({ email: 'nope', password: 'short' });
    expect(messages(r)).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters'],
    });
  });

  it('gives the spec messages when fields are missing entirely', () => {
    const r = LoginBodySchema.safeParse({});
    expect(messages(r)).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters'],
    });
  });
});

describe('ChangePasswordFormSchema', () => {
  it('requires each field with the spec messages', () => {
    const r = ChangePasswordFormSchema.safeParse({
      currentPassword: '',
      newPassword: 'short',
      confirmNewPassword: 'x',
    });
    expect(messages(r)).toMatchObject({
      currentPassword: ['Current password is required'],
      newPassword: ['New password must be at least 8 characters'],
      confirmNewPassword: ['Please confirm your new password'],
    });
  });

  it('puts a mismatch on the confirm field', () => {
    const r = ChangePasswordFormSchema.safeParse({
      currentPassword: 'old',
      newPassword: 'abcdefgh',
      confirmNewPassword: 'abcdefgX',
    });
    expect(messages(r)).toEqual({ confirmNewPassword: ['New passwords do not match'] });
  });
});

describe('UpdateUserBodySchema', () => {
  it('rejects unknown fields so a client cannot slip in columns', () => {
    expect(UpdateUserBodySchema.safeParse({ passwordHash: 'x' }).success).toBe(false);
  });

  it('accepts the spec payload', () => {
    expect(
      UpdateUserBodySchema.parse({ password: 'abcdefgh', passwordChangeRequired: false }),
    ).toEqual({ password: 'abcdefgh', passwordChangeRequired: false });
  });
});
