import { z } from 'zod';

/**
 * Control characters no text the API accepts may hold: C0, DEL and C1, except tab, line feed
 * and carriage return (text fields use them). PostgreSQL refuses NUL in text outright, and the
 * rest are never typed by a person.
 */
// eslint-disable-next-line no-control-regex -- matching them is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const ALL_CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTERS.source, 'g');

/**
 * Text that arrives outside a request body, where refusing would lose what a person said (a
 * typed or spoken turn on the voice socket), as it is answered and stored: line breaks become
 * `\n` and the other control characters go. Request inputs are refused instead
 * (`findControlCharacters`), so what is stored is what was sent.
 */
export function stripControlCharacters(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(ALL_CONTROL_CHARACTERS, '');
}

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/**
 * Every string in `value` (object keys included, at any depth) that holds a control
 * character, as one zod issue per place; null when there is none. The API runs this on the
 * query, params and body of every request before the route's own schema (one boundary rule
 * instead of a refinement on each string schema).
 */
export function findControlCharacters(value: unknown): z.ZodError | null {
  interface Place {
    value: unknown;
    key: PropertyKey | null;
    parent: Place | null;
  }
  // The path is rebuilt from parent links only where something is found.
  const pathOf = (place: Place, key?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = key === undefined ? [] : [key];
    for (let p: Place | null = place; p && p.key !== null; p = p.parent) path.unshift(p.key);
    return path;
  };
  const issue = (place: Place, input: string, key?: PropertyKey): z.core.$ZodIssue => ({
    code: 'custom',
    path: pathOf(place, key),
    message: CONTROL_CHARACTERS_MESSAGE,
    input,
  });
  const issues: z.core.$ZodIssue[] = [];
  // Iterative, so a deeply nested body cannot exhaust the stack here.
  const stack: Place[] = [{ value, key: null, parent: null }];
  for (let place = stack.pop(); place; place = stack.pop()) {
    const current = place.value;
    if (typeof current === 'string') {
      if (CONTROL_CHARACTERS.test(current)) issues.push(issue(place, current));
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        stack.push({ value: current[index], key: index, parent: place });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (CONTROL_CHARACTERS.test(key)) issues.push(issue(place, key, key));
        else stack.push({ value: item, key, parent: place });
      }
    }
  }
  return issues.length > 0 ? new z.ZodError(issues) : null;
}
