import { flushSync } from 'react-dom';

/** A zod-style issue: only the parts the forms read. */
export interface Issue {
  path: PropertyKey[];
  message: string;
}

/** What a zod schema's safeParse returns (only the parts the forms read). */
export type FormParseResult<Data> =
  { success: true; data: Data } | { success: false; error: { issues: readonly Issue[] } };

/** The first message per top-level field, e.g. { email: 'Please enter a valid email address' }. */
export function firstErrorPerField<K extends string>(
  issues: readonly Issue[],
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

/**
 * The first message per field of a server's 400 answer ({ issues: { fieldErrors } }, zod's
 * flatten()), for the fields the form has: the server's validation is shown where the user types.
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
): Partial<Record<K, string>> {
  const data = (error as { data?: unknown } | null)?.data;
  const issues =
    data && typeof data === 'object' ? (data as { issues?: unknown }).issues : undefined;
  const fieldErrors =
    issues && typeof issues === 'object'
      ? (issues as { fieldErrors?: unknown }).fieldErrors
      : undefined;
  const errors: Partial<Record<K, string>> = {};
  if (!fieldErrors || typeof fieldErrors !== 'object') return errors;
  for (const field of fields) {
    const messages = (fieldErrors as Record<string, unknown>)[field];
    const first = Array.isArray(messages)
      ? messages.find((m): m is string => typeof m === 'string' && m.trim() !== '')
      : undefined;
    if (first) errors[field] = first;
  }
  return errors;
}

/**
 * After a failed submit: `show` sets the errors (and any failure line), which are drawn at once,
 * then focus moves to the first field marked invalid.
 *
 * Drawn with flushSync rather than waiting a frame: after an await (a server's answer) React draws
 * the errors in a task of its own, and the next frame may come before it, so the field was not
 * yet marked when the frame looked for it.
 */
export function focusFirstInvalid(form: HTMLFormElement, show: () => void): void {
  flushSync(show);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/**
 * A submit's check of its values: the parsed data, with the field errors cleared; or null, with
 * each invalid field's first message drawn and focus on the first of them.
 */
export function parsedOrShown<K extends string, Data>(
  form: HTMLFormElement,
  parsed: FormParseResult<Data>,
  setErrors: (errors: Partial<Record<K, string>>) => void,
): Data | null {
  if (!parsed.success) {
    focusFirstInvalid(form, () => setErrors(firstErrorPerField<K>(parsed.error.issues)));
    return null;
  }
  setErrors({});
  return parsed.data;
}
