import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateRoomBodySchema, QuickCreateRoomBodySchema } from './rooms.schemas';
import { CreateUserBodySchema } from '../users/users.schemas';

const messages = (r: { success: boolean; error?: z.ZodError }) =>
  r.error ? z.flattenError(r.error).fieldErrors : {};

describe('CreateRoomBodySchema', () => {
  it('fills the room form defaults', () => {
    expect(CreateRoomBodySchema.parse({ name: ' Yard ', agentId: 'field-advisor' })).toEqual({
      name: 'Yard',
      category: 'Training',
      agentId: 'field-advisor',
      status: 'LIVE',
      backgroundColor: '#1a1a1a',
    });
  });

  it('gives the spec messages', () => {
    expect(
      messages(CreateRoomBodySchema.safeParse({ name: '  ', category: '', agentId: '' })),
    ).toEqual({
      name: ['Room name is required'],
      category: ['Category is required'],
      agentId: ['Agent is required'],
    });
    expect(messages(CreateRoomBodySchema.safeParse({}))).toEqual({
      name: ['Room name is required'],
      agentId: ['Agent is required'],
    });
  });
});

describe('QuickCreateRoomBodySchema', () => {
  it('requires a trimmed name', () => {
    expect(messages(QuickCreateRoomBodySchema.safeParse({ name: '   ' }))).toEqual({
      name: ['Room name is required'],
    });
  });
});

describe('CreateUserBodySchema', () => {
  it('defaults role and status and lower-cases the email', () => {
    expect(
      CreateUserBodySchema.parse({
        email: ' New@Example.COM',
        username: 'newbie',
        password: 'secret-1',
        firstName: 'N',
        lastName: 'B',
      }),
    ).toMatchObject({ email: 'new@example.com', role: 'USER', status: 'PENDING' });
  });

  it('gives the spec messages', () => {
    expect(
      messages(CreateUserBodySchema.safeParse({ email: 'x', username: 'ab', password: '12345' })),
    ).toEqual({
      email: ['Please enter a valid email address'],
      username: ['Username must be at least 3 characters'],
      password: ['Password must be at least 6 characters'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
    });
  });

  it('asks for 8 characters from 6 on, so the account can sign in', () => {
    expect(
      messages(
        CreateUserBodySchema.safeParse({
          email: 'a@b.co',
          username: 'abc',
          password: '1234567',
          firstName: 'A',
          lastName: 'B',
        }),
      ),
    ).toEqual({ password: ['Password must be at least 8 characters'] });
  });
});
