import { useState, type FormEvent } from 'react';
import { firstErrorPerField } from '../../app/form-errors';
import { focusFirstInvalid } from './focus-first-invalid';

type Issues = Parameters<typeof firstErrorPerField>[0];

/**
 * The state every owner dialog form keeps: field values, one message per field, a failure line
 * for the server's answer, and a close that resets all of it. `field(name)` spreads into a
 * TextField; `reject` shows validation issues and focuses the first invalid field.
 */
export function useDialogForm<Field extends string>(
  initialValues: Record<Field, string>,
  onClose: () => void,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = (name: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const close = () => {
    setValues(initialValues);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const reject = (issues: Issues, event: FormEvent<HTMLFormElement>) => {
    setErrors(firstErrorPerField<Field>(issues));
    focusFirstInvalid(event.currentTarget);
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return {
    values,
    failure,
    setFailure,
    clearErrors: () => setErrors({}),
    change,
    close,
    reject,
    field,
  };
}
