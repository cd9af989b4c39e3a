export * from './errors/errors.schemas';
export * from './auth/auth.schemas';
export * from './users/users.schemas';
export * from './health/health.schemas';
export * from './rooms/rooms.schemas';
export * from './agents/agents.schemas';
export * from './voice/voice.schemas';
