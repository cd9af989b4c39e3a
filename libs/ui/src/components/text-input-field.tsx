import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';

export interface TextInputFieldProps extends Omit<
  FormControlProps,
  'children' | 'variant' | 'onChange' | 'onBlur' | 'onFocus' | 'defaultValue' | 'ref'
> {
  /** Root element (the FormControl). */
  ref?: Ref<HTMLDivElement>;
  /** The input's id; the label's htmlFor and the helper text's id derive from it. */
  id?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  value?: unknown;
  defaultValue?: unknown;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement | null>;
  multiline?: boolean;
  rows?: number | string;
  minRows?: number | string;
  maxRows?: number | string;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** As on TextField: attributes for the <input> (inputMode, autoCapitalize, ...) and props for the parts. */
  slotProps?: {
    htmlInput?: InputBaseComponentProps;
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

/**
 * An outlined text field: TextField variant="outlined" without TextField, whose static import of
 * Select (Menu, Popover, Modal, Portal, ...) weighs ~20 KB gzip on screens that never use it.
 * Composed the way MUI recommends: FormControl + InputLabel + OutlinedInput + FormHelperText, with
 * the same ids (label htmlFor, `${id}-label`, `${id}-helper-text` as aria-describedby). Full width
 * by default, as the theme makes every TextField.
 */
export function TextInputField({
  ref,
  id: idOverride,
  label,
  helperText,
  name,
  type,
  autoComplete,
  autoFocus,
  placeholder,
  value,
  defaultValue,
  onChange,
  onBlur,
  onFocus,
  inputRef,
  multiline = false,
  rows,
  minRows,
  maxRows,
  startAdornment,
  endAdornment,
  slotProps,
  fullWidth = true,
  ...formControlProps
}: TextInputFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const hasLabel = label != null && label !== '';
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl {...formControlProps} ref={ref} variant="outlined" fullWidth={fullWidth}>
      {hasLabel ? (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
          {label}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={id}
        aria-describedby={helperTextId}
        label={hasLabel ? label : undefined}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
        inputRef={inputRef}
        multiline={multiline}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        fullWidth={fullWidth}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        inputProps={slotProps?.htmlInput}
        {...(slotProps?.inputLabel?.shrink !== undefined && {
          notched: slotProps.inputLabel.shrink,
        })}
        {...slotProps?.input}
      />
      {helperText ? (
        <FormHelperText id={helperTextId} {...slotProps?.formHelperText}>
          {helperText}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
