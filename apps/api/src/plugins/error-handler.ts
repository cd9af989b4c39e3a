import { type ApiError, ErrorCode, findControlCharacters } from '@fieldcraft/contracts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { setFixedSecurityHeaders } from './security';

/** Carries the ZodError so the 400 body can hold zod's own `flattenError` output. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';

  constructor(readonly zodError: z.ZodError) {
    super('Validation failed');
  }
}

/**
 * The one check of what a client sent (query, params, body; multipart fields too): control
 * characters anywhere are refused first (libs/contracts `findControlCharacters`: PostgreSQL
 * refuses NUL, so one would otherwise be a 500 wherever it reached a query), then `schema`.
 */
export function parseRequestInput<T extends z.ZodType>(
  schema: T,
  data: unknown,
): { success: true; data: z.output<T> } | { success: false; error: z.ZodError } {
  const refused = findControlCharacters(data);
  if (refused) return { success: false, error: refused };
  return z.safeParse(schema, data);
}

/**
 * fastify-type-provider-zod's validator, except that the failure keeps the ZodError itself
 * (the library's flattens it into AJV-style entries, losing what `z.flattenError` needs),
 * and that every input goes through parseRequestInput.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseRequestInput(schema, data);
    return result.success
      ? { value: result.data }
      : { error: new RequestValidationError(result.error) };
  };

/**
 * Fastify's `frameworkErrors`: what a request gets when Fastify cannot route it at all (a
 * path that does not decode, `GET /api/%E0%A4%A`; an over-long parameter). No hook runs for
 * such a request, so the security headers are written here. The body is the product's
 * `{error, code}` and never echoes the path (Fastify's own did).
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  setFixedSecurityHeaders(reply.raw);
  request.log.info({ code: error.code }, 'request refused before routing');
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  return reply.code(400).send({
    error: badUrl ? 'The request address is not valid' : 'Malformed request',
    code: ErrorCode.BAD_REQUEST,
  } satisfies ApiError);
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ error: 'Not found', code: ErrorCode.NOT_FOUND } satisfies ApiError);
}

const fastifyClientErrors: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.INVALID_JSON,
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: 'Unsupported content type; send application/json',
  },
};

function flattenFallback(err: { validation: { instancePath: string; message?: string }[] }) {
  const issues: NonNullable<ApiError['issues']> = { formErrors: [], fieldErrors: {} };
  for (const v of err.validation) {
    const field = v.instancePath.split('/')[1];
    const message = v.message ?? 'Invalid value';
    if (field) (issues.fieldErrors[field] ??= []).push(message);
    else issues.formErrors.push(message);
  }
  return issues;
}

/** Errors that mean "the database cannot be reached right now" (down, restarting, cut off). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNREACHABLE_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, starting up).
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

/**
 * The one error handler: every non-2xx body is `{ error, code, issues? }`. Validation → 400,
 * AppError passes through, Fastify's client errors keep their status, anything else is a
 * logged 500 whose body says nothing about the cause (no stacks, no SQL).
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    // An empty JSON body (e.g. a bodiless POST that still says application/json) is "no
    // body", so it reaches validation instead of failing as unparseable.
    const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (String(body).trim() === '') {
        done(null, undefined);
        return;
      }
      defaultJsonParser(request, String(body), done);
    });
    // No text/plain: a cross-site form can send it without a CORS preflight (CSRF vector).
    app.removeContentTypeParser('text/plain');

    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof AppError) {
        request.log.info({ code: error.code, status: error.statusCode }, error.message);
        return reply
          .headers(error.headers)
          .code(error.statusCode)
          .send({
            error: error.message,
            code: error.code,
            ...(error.issues && { issues: error.issues }),
          } satisfies ApiError);
      }
      if (error instanceof RequestValidationError) {
        return reply.code(400).send({
          error: 'Validation failed',
          code: ErrorCode.VALIDATION_FAILED,
          issues: z.flattenError(error.zodError),
        } satisfies ApiError);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({
          error: 'Validation failed',
          code: ErrorCode.VALIDATION_FAILED,
          issues: flattenFallback(error),
        } satisfies ApiError);
      }
      const fastifyError = error as FastifyError;
      const known = fastifyError.code ? fastifyClientErrors[fastifyError.code] : undefined;
      if (known) {
        return reply
          .code(known.status)
          .send({ error: known.message, code: known.code } satisfies ApiError);
      }
      const status = fastifyError.statusCode;
      if (status && status >= 400 && status < 500 && fastifyError.code?.startsWith('FST_')) {
        return reply
          .code(status)
          .send({ error: fastifyError.message, code: ErrorCode.BAD_REQUEST } satisfies ApiError);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error, url: request.url }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({
            error: 'The database is not available. Please try again in a moment.',
            code: ErrorCode.SERVICE_UNAVAILABLE,
          } satisfies ApiError);
      }
      request.log.error(
        { err: error, method: request.method, url: request.url, params: request.params },
        'unhandled error',
      );
      return reply.code(500).send({
        error: 'Something went wrong on our side. Please try again.',
        code: ErrorCode.INTERNAL_ERROR,
      } satisfies ApiError);
    });
  },
  { name: 'error-handler' },
);
