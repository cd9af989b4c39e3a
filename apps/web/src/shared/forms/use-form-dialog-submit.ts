import { useRef, useState, type FormEvent } from 'react';
import { serverErrorDetail } from '../api/api';
import {
  focusFirstInvalid,
  parsedOrShown,
  serverFieldErrors,
  type FormParseResult,
} from './form-errors';
import { useAppDispatch } from '../store/hooks';
import { showToast } from '../toasts/toasts.slice';

/** One submit: how to check the values, what to send, and what to say. */
export interface FormSubmitPlan<Data, Result> {
  /** Usually `Schema.safeParse(...)` over the form's values. */
  parse: () => FormParseResult<Data>;
  /** The request, e.g. `(data) => createUser(data).unwrap()`; a throw is a failure. */
  send: (data: Data) => Promise<Result>;
  /** The failure line when the server gives no detail ('Failed to create user'). */
  fallback: string;
  /** The 'Success' toast's words; none: no toast. */
  success?: string | ((result: Result) => string);
  /** After success; default: close the dialog. */
  onSuccess?: (result: Result) => void;
  /** Also toast a failure (the owner tools do, spec §8); it is always shown in the dialog. */
  toastFailure?: boolean;
}

/** What `field(name)` spreads on a TextField. */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: boolean;
  helperText: string | undefined;
  fullWidth: true;
}

type TextField<Values> = {
  [K in keyof Values]: Values[K] extends string ? K : never;
}[keyof Values] &
  string;

/**
 * The one submit flow of the form dialogs: validate with the form's zod schema → show the first
 * error per field and focus the first invalid one → send → on failure show the server's detail
 * (its field issues on their fields) → on success a 'Success' toast and close.
 *
 * `session` says which dialog is open ('new', a record's id; null when closed): the values,
 * errors and failure line start afresh each time it changes to a new one, not while the dialog
 * animates closed. A second submit while one is sending does nothing.
 */
export function useFormDialogSubmit<Values extends object>(
  initialValues: Values | (() => Values),
  { session, onClose }: { session: string | null; onClose: () => void },
) {
  type Field = keyof Values & string;
  const dispatch = useAppDispatch();
  const init = () =>
    typeof initialValues === 'function' ? (initialValues as () => Values)() : initialValues;
  const [values, setValues] = useState<Values>(init);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const sending = useRef(false);
  if (session !== seen) {
    setSeen(session);
    if (session !== null) {
      setValues(init());
      setErrors({});
      setFailure(null);
    }
  }

  /** Sets one value and clears that field's error. */
  const setValue = <K extends Field>(name: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] === undefined ? e : { ...e, [name]: undefined }));
  };

  /** Spreads into a TextField: name, value, onChange, error and helperText. */
  const field = (name: TextField<Values>): FieldProps => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) =>
      setValue(name, event.target.value as Values[typeof name]),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  /** Runs the flow; resolves true when the server accepted it. */
  async function submit<Data, Result>(
    event: FormEvent<HTMLFormElement>,
    plan: FormSubmitPlan<Data, Result>,
  ): Promise<boolean> {
    event.preventDefault();
    if (sending.current) return false;
    const form = event.currentTarget;
    const data = parsedOrShown<Field, Data>(form, plan.parse(), setErrors);
    if (data === null) return false;
    sending.current = true;
    let result: Result;
    try {
      result = await plan.send(data);
    } catch (error) {
      const message = serverErrorDetail(error) ?? plan.fallback;
      const onFields = serverFieldErrors<Field>(error, Object.keys(values) as Field[]);
      if (Object.keys(onFields).length > 0) {
        focusFirstInvalid(form, () => {
          setFailure(message);
          setErrors(onFields);
        });
      } else {
        setFailure(message);
      }
      if (plan.toastFailure) {
        dispatch(showToast({ variant: 'destructive', title: 'Error', description: message }));
      }
      return false;
    } finally {
      sending.current = false;
    }
    setFailure(null);
    if (plan.success !== undefined) {
      const description = typeof plan.success === 'function' ? plan.success(result) : plan.success;
      dispatch(showToast({ title: 'Success', description }));
    }
    if (plan.onSuccess) plan.onSuccess(result);
    else onClose();
    return true;
  }

  return { values, setValue, errors, failure, field, submit };
}
