/** A zod-style issue: only the parts the forms read. */
interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The first message per top-level field, e.g. { email: 'Please enter a valid email address' }. */
export function firstErrorPerField<K extends string>(issues: readonly Issue[]): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}
